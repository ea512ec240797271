// A visitor's message through the contact form (handle_form.php), as the suites about the form, its
// notices and the admin's Messages page send it.
export const CONTACT_MESSAGE = {
  name: 'Ada Teacher',
  title: 'CS teacher',
  employer: 'Bend HS',
  email: 'ada@example.org',
  contact: 'How do I join the Winter institute?',
};
