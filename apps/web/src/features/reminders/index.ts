/** Public face of the reminders feature (issue 17 item 17; ADR 0175). */
export { ReminderSetting, type ReminderSettings } from './ReminderSetting.tsx';
