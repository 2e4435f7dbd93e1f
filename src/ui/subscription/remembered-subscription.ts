import type { SubscriptionState } from '../../domain/rules/subscription';

const key = (salonId: string) => `salon-panel-subscription:${salonId}`;

/**
 * The salon's subscription as last read from the server, kept on this device so the banner paints with the page
 * rather than pushing the screen down once the server (or the query cache) answers: a press aimed at a screen's
 * first button must not land on the banner. Only the trial's end and the state: no personal data.
 */
export function rememberedSubscription(salonId: string): SubscriptionState | null {
  try {
    const stored = localStorage.getItem(key(salonId));
    if (!stored) return null;
    const value = JSON.parse(stored) as Partial<SubscriptionState>;
    return typeof value.active === 'boolean' && typeof value.trialEndsAt === 'number'
      ? { active: value.active, status: value.status ?? null, trialEndsAt: value.trialEndsAt }
      : null;
  } catch {
    return null;
  }
}

export function rememberSubscription(salonId: string, state: SubscriptionState): void {
  try {
    localStorage.setItem(
      key(salonId),
      JSON.stringify({ active: state.active, status: state.status ?? null, trialEndsAt: state.trialEndsAt }),
    );
  } catch {
    // Private mode: the banner shows once the server answers, as on a first start.
  }
}
