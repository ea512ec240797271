import { byNumericId, defineCollection } from '../define.ts';
import { codes } from '../choiceFields.ts';
import { markdown, text } from '../textFields.ts';

export const statePolicy = defineCollection({
  name: 'statePolicies',
  label: 'State policies',
  folder: 'state-policies',
  itemNoun: 'this Policy',
  body: 'text',
  fields: {
    title: text('Title', { translatable: true, required: true }),
    text: markdown('Text', { translatable: true, required: true }),
    implementation: codes(
      'Implementation',
      {
        implemented: { code: '1', label: 'Implemented' },
        'in-progress': { code: '2', label: 'In Progress' },
        'not-implemented': { code: '3', label: 'Not Implemented' },
      },
      {
        initial: 'in-progress',
        message: 'Implementation must be 1 (Implemented), 2 (In Progress) or 3 (Not Implemented)',
      },
    ),
  },
  order: byNumericId,
  legacy: { endpoint: 'state_policies.php' },
  search: { page: () => '/researchAndPolicy' },
  admin: {
    route: '/StatePolicyAdminPage',
    description: 'The state policy cards and their implementation marks.',
    titleField: 'title',
  },
});
