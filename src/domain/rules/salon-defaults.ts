import type { ClientMessageSettings } from './client-messages';
import type { MessageTemplates } from './message-templates';
import type { OnlineBookingSettings } from './online-booking';
/** Salon defaults (part 2 §9) and the default setup of a new salon (part 1 §7 setupNewSalon). */
export interface ScheduleSettings {
  startAt: number;
  endAt: number;
  step: 15 | 30 | 60;
  format: 'HH:mm' | 'hh:mm a';
}

export interface SalonSettings {
  schedule: ScheduleSettings;
  enableArchive: boolean;
  hideClientPhone: boolean;
  masterPanelLogin: boolean;
  reportByType: boolean;
  /**
   * Masters may change their colleagues' appointments (issue 63). Absent in salons made before it: the spec's rule,
   * they may (decision 033); read it through `mastersChangeOthers` (src/domain/rules/permissions.ts).
   */
  mastersEditOthers?: boolean;
  /** What the salon tells its clients (issue 57); absent until it chooses: nothing is sent (clientMessagesOf). */
  clientMessages?: ClientMessageSettings;
  /** The salon's own texts of its client messages, by kind and language; absent: the defaults (decision 080). */
  clientMessageTemplates?: MessageTemplates;
  /** The salon's online booking page (issue 61); absent until it saves them: off. */
  onlineBooking?: OnlineBookingSettings;
}

/**
 * masterPanelLogin defaults on: masters must be able to open today's schedule from the start
 * (docs/decisions/003-master-panel-login-default.md).
 */
export const DEFAULT_SALON_SETTINGS: SalonSettings = {
  schedule: { startAt: 480, endAt: 1200, step: 30, format: 'HH:mm' },
  enableArchive: false,
  hideClientPhone: false,
  masterPanelLogin: true,
  reportByType: false,
  mastersEditOthers: true,
};

/** The 16 fixed service colours (part 1 §3). */
export const SERVICE_PALETTE = [
  '#e53935',
  '#43a047',
  '#1e88e5',
  '#fb8c00',
  '#8e24aa',
  '#00acc1',
  '#fdd835',
  '#6d4c41',
  '#d81b60',
  '#7cb342',
  '#3949ab',
  '#f4511e',
  '#5e35b1',
  '#00897b',
  '#c0ca33',
  '#546e7a',
] as const;

/** Default services: 30, 60 and 120 minutes in red, green and blue (part 1 §7, §9). */
export const DEFAULT_SERVICES = [
  { duration: 30, color: SERVICE_PALETTE[0], price: '20.00' },
  { duration: 60, color: SERVICE_PALETTE[1], price: '35.00' },
  { duration: 120, color: SERVICE_PALETTE[2], price: '60.00' },
] as const;

export const DEFAULT_MASTER_COUNT = 3;

/** Free trial before the monthly subscription (part 1 §1; decision 002 picks 2 months). */
export const TRIAL_MONTHS = 2;
