// The systemIds of the long-lived actors the app machine invokes. Any flow reaches them with
// `system.get(SYSTEM_IDS.auth)` (inside a machine: the `system` of an action, guard or actor).
//
//   auth           machines/auth/authMachine.ts                 who is signed in; send auth.userUpdated, auth.reloadUser
//   notifications  machines/notifications/notificationsMachine.ts  send notifications.outcome (catalogue outcome) / notifications.show
//   language       machines/language/languageMachine.ts         send language.switch
//   consent        machines/consent/consentMachine.ts           send consent.accept / consent.deny
//   capture        machines/campaignCapture/campaignCaptureMachine.ts
export const SYSTEM_IDS = {
  auth: 'auth',
  notifications: 'notifications',
  language: 'language',
  consent: 'consent',
  capture: 'capture',
} as const;

export type SystemId = (typeof SYSTEM_IDS)[keyof typeof SYSTEM_IDS];
