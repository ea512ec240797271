// The three website developers credited on the About page (static, spec §2).
export interface Developer {
  name: string;
  /** The role's words in the site's dictionary (words/en.ts). */
  role: 'leadDeveloper' | 'frontEndDeveloper' | 'backEndDeveloper';
}

export const WEBSITE_DEVELOPERS: readonly Developer[] = [
  { name: 'Ava Thompson', role: 'leadDeveloper' },
  { name: 'Liam Nguyen', role: 'frontEndDeveloper' },
  { name: 'Sofia Martinez', role: 'backEndDeveloper' },
];
