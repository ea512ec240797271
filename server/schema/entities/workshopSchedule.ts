import { defineSingleton } from '../define.ts';
import { image, text } from '../fields.ts';

export const workshopSchedule = defineSingleton({
  name: 'workshopSchedule',
  label: 'Workshop schedule',
  file: 'site/workshop-schedule',
  fields: {
    image: image('Schedule image'),
    alt: text('Image description', { help: 'Describes the schedule for people who cannot see the image.' }),
  },
  legacy: { endpoint: 'workshop_schedule.php' },
  admin: { route: '/DropDownEventsAdminPage', description: 'Workshop schedule image.' },
});
