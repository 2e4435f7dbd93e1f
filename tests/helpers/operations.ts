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

/** Sync and appointment/client commands (server/schema.graphql, DESIGN.md §5). */
const APPOINTMENT =
  'id salonId masterId cabinetId clientId serviceId authorId authorRole startAt endAt duration notes groupId archived membershipId rev';
const CLIENT =
  'id salonId type email firstName lastName phone notes birthday gender blockedAt blockedBy { id firstName lastName } language messageConsent rev';
/**
 * Every form a pull is served in: `tables`, what the app asks for (decision 067); `changes` with `row`, what apps before
 * it asked for (decision 060); `data`, the same row as JSON text, for apps before that. pullAll checks they agree.
 */
export const PULL = `query Pull($input: PullInput!) { pull(input: $input) { changes { entity id rev deleted row data } tables { entity columns rows deleted } cursor hasMore salonRev } }`;
export const CREATE_APPOINTMENTS = `mutation CreateAppointments($input: CreateAppointmentsInput!) { createAppointments(input: $input) { ${APPOINTMENT} } }`;
export const UPDATE_APPOINTMENT = `mutation UpdateAppointment($input: UpdateAppointmentInput!) { updateAppointment(input: $input) { ${APPOINTMENT} } }`;
export const DELETE_APPOINTMENT = `mutation DeleteAppointment($input: DeleteAppointmentInput!) { deleteAppointment(input: $input) { appointmentId } }`;
export const ARCHIVE_APPOINTMENT = `mutation ArchiveAppointment($input: ArchiveAppointmentInput!) { archiveAppointment(input: $input) { appointment { ${APPOINTMENT} } } }`;
export const MARK_NO_SHOW = `mutation MarkNoShow($input: MarkNoShowInput!) { markNoShow(input: $input) { appointment { ${APPOINTMENT} outcome } } }`;
export const CREATE_CLIENT = `mutation CreateClient($input: CreateClientInput!) { createClient(input: $input) { ${CLIENT} } }`;
export const UPDATE_CLIENT = `mutation UpdateClient($input: UpdateClientInput!) { updateClient(input: $input) { ${CLIENT} } }`;
export const DELETE_CLIENT = `mutation DeleteClient($input: DeleteClientInput!) { deleteClient(input: $input) { clientId } }`;
export const SALON_CHANGED = `subscription SalonChanged($salon: ID!) { salonChanged(salon: $salon) { salon rev } }`;
export const APPOINTMENT_ADDED = `subscription Added($salon: ID!, $date: String!, $toDate: String) { appointmentAdded(salon: $salon, date: $date, toDate: $toDate) { ${APPOINTMENT} } }`;
export const APPOINTMENT_DELETED = `subscription Deleted($salon: ID!, $date: String!, $toDate: String) { appointmentDeleted(salon: $salon, date: $date, toDate: $toDate) { id date } }`;
export const MASTER_MIGRATED = `subscription Migrated($salon: ID!) { masterMigrated(salon: $salon) { id firstName lastName phone } }`;

const REVENUE = 'total cash card gift membership';
/** getReport with every field (issue 17). */
export const GET_REPORT = `query R($salon: ID!, $fromDate: String!, $toDate: String!, $reportFilter: String, $showArchive: Boolean, $showAppRecords: Boolean) {
  getReport(salon: $salon, fromDate: $fromDate, toDate: $toDate, reportFilter: $reportFilter, showArchive: $showArchive, showAppRecords: $showAppRecords) {
    tiles { services { ${REVENUE} } products { ${REVENUE} } total { ${REVENUE} } servicesSold itemsSold discounts tips { total cash card } }
    groups { key kind id minutes services products revenue { ${REVENUE} }
      rows { invoiceId itemId invoiceType date clientId type entityId sellerId sellerType quantity price discount total paymentType archived } }
    archived { total invoices included }
    membershipsSold { count total cash card gift
      rows { membershipId date clientId serviceId sellerId serialNumber quantity price paymentType } } } }`;
