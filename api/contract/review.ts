import { z } from 'zod';

/** GET/PUT /review/reminders: the daily reminder e-mail. */
export const reminderSettings = z.strictObject({
  enabled: z.boolean(),
  hour: z.number().meta({ description: "The learner's hour (0–23) of the e-mail." }),
  utcOffset: z.number().meta({ description: 'Minutes east of UTC.' }),
});
export type ReminderSettings = z.output<typeof reminderSettings>;
