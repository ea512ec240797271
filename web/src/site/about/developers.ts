// The three website developers credited on the About page (static, spec §2).
export interface Developer {
  name: string;
  role: string;
}

export const WEBSITE_DEVELOPERS: readonly Developer[] = [
  { name: 'Ava Thompson', role: 'Lead Developer' },
  { name: 'Liam Nguyen', role: 'Front-End Developer' },
  { name: 'Sofia Martinez', role: 'Back-End Developer' },
];
