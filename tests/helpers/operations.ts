/** GraphQL documents of server/schema.graphql used by the integration tests. */

const SALON = 'id name address administrator { id } settings { masterPanelLogin enableArchive } subscription { active trialEndsAt }';
const AUTH = `token role isOwner user { id firstName lastName salon { ${SALON} } }`;

export const LOGIN = `mutation Login($input: LoginInput!) { login(input: $input) { ${AUTH} } }`;
export const LOGOUT = `mutation Logout($input: LogoutInput!) { logout(input: $input) { success } }`;
export const RESET_PASSWORD = `mutation Reset($input: ResetPasswordInput!) { resetPassword(input: $input) { success } }`;
export const CHANGE_PASSWORD_BY_TOKEN = `mutation Change($input: ChangePasswordByTokenInput!) { changePasswordByToken(input: $input) { ${AUTH} } }`;
export const VERIFY_EMAIL = `mutation Verify($input: VerifyEmailByTokenInput!) { verifyEmailByToken(input: $input) { success } }`;
export const SIGNUP = `mutation Signup($input: SignupAdministratorInput!) { signupAdministrator(input: $input) { ${AUTH} salon { ${SALON} } } }`;
export const SETUP_NEW_SALON = `mutation Setup($input: SetupNewSalonInput!) { setupNewSalon(input: $input) { salonId } }`;
export const SET_OWNER_AS_MASTER = `mutation OwnerMaster($input: SetOwnerAsMasterInput!) { setOwnerAsMaster(input: $input) { masterId } }`;
export const CREATE_SALON = `mutation CreateSalon($input: CreateSalonInput!) { createSalon(input: $input) { ${SALON} } }`;
export const SWITCH_SALON = `mutation Switch($input: SwitchSalonInput!) { switchSalon(input: $input) { ${AUTH} } }`;
export const UPDATE_PROFILE = `mutation Profile($input: UpdateProfileInput!) { updateProfile(input: $input) { id firstName lastName phone } }`;

export const VIEWER = `query Viewer { viewer { id email firstName lastName phone emailVerified role isSysadmin isOwner isMaster salon { ${SALON} } } }`;
export const GET_SALONS = `query Salons { getSalons { role isOwner salon { ${SALON} } } }`;
export const CAPTCHA_CHALLENGE = `query Captcha { captchaChallenge }`;

export const DEMO_PASSWORD = 'demo12345';
export const DEMO = {
  owner: 'owner@demo.test',
  master: 'master@demo.test',
  supplier: 'supplier@demo.test',
  sysadmin: 'sysadmin@demo.test',
} as const;
export const GET_SALON_LIST = `query SalonList { getSalonList { id name address masterCount administrator { id firstName lastName phone email } } }`;
