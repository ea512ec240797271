import { defineSingleton } from '../define.ts';
import { image } from '../mediaFields.ts';
import { text } from '../textFields.ts';

export const workshopSchedule = defineSingleton({
  name: 'workshopSchedule',
  label: 'Workshop schedule',
  file: 'site/workshop-schedule',
  fields: {
    image: image('Schedule image', { alt: { field: 'alt' } }),
    alt: text('Image description', {
      translatable: true,
      help:
        'Describes the schedule for people who cannot see the image; needed once there is an image. ' +
        'Write “decorative” only if the image adds nothing to the text beside it.',
    }),
  },
  legacy: { endpoint: 'workshop_schedule.php' },
  admin: { route: '/DropDownEventsAdminPage', description: 'Workshop schedule image.' },
});
