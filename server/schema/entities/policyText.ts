import { defineSingleton } from '../define.ts';
import { markdown } from '../textFields.ts';

export const policyText = defineSingleton({
  name: 'policyText',
  label: 'Policy text',
  file: 'site/policy',
  body: 'policyText',
  fields: { policyText: markdown('Policy text', { translatable: true, required: true }) },
  legacy: { endpoint: 'policy_update.php', stream: 'policy_update_sse.php' },
  admin: { route: '/PolicyAdminPage', description: 'The text at the top of the policy page.' },
});
