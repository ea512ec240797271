// Two staff members for tests of review and its notices: a contributor who writes drafts and an
// editor who reviews them (server, component and browser tests of issue 35 use the same pair).
export const CONTRIBUTOR = {
  username: 'cora',
  password: 'cora-password-12',
  role: 'contributor' as const,
  name: 'Cora Contributor',
  email: 'cora@csed.example.org',
};
export const REVIEWER = {
  username: 'edith',
  password: 'edith-password-12',
  role: 'editor' as const,
  name: 'Edith Editor',
  email: 'edith@csed.example.org',
};
