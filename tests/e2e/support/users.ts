/** Demo accounts seeded by the server (SEED_DEMO=1). Never change their passwords in a test. */
export const DEMO_PASSWORD = 'demo12345';
export const DEMO = {
  owner: { email: 'owner@demo.test', name: 'Laura Ozola', salon: 'Demo salon' },
  master: { email: 'master@demo.test', name: 'Marta Kalniņa', salon: 'Demo salon' },
  supplier: { email: 'supplier@demo.test', name: 'Sandis Vītols' },
  sysadmin: { email: 'sysadmin@demo.test', name: 'Sigita Admina' },
} as const;

export interface NewOwner {
  salonName: string;
  salonAddress: string;
  firstName: string;
  lastName: string;
  email: string;
  password: string;
  /** Left empty the profile dialog asks for it after sign-up. */
  phone?: string;
  promoCode?: string;
}

/** A value no other test run or test has used: time plus randomness. */
export function unique(): string {
  return `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 7)}`;
}

/** A fresh administrator for a sign-up; each call gets its own e-mail and salon name. */
export function newOwner(overrides: Partial<NewOwner> = {}): NewOwner {
  const id = unique();
  return {
    salonName: `E2E Salon ${id}`,
    salonAddress: `Brīvības iela ${id}, Rīga`,
    firstName: 'Ilze',
    lastName: `Tester ${id}`,
    email: `owner-${id}@e2e.test`,
    password: `Pw-${id}-secret`,
    ...overrides,
  };
}
