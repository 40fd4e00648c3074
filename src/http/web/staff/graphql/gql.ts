/* eslint-disable */
import * as types from './graphql';



/**
 * Map of all GraphQL operations in the project.
 *
 * This map has several performance disadvantages:
 * 1. It is not tree-shakeable, so it will include all operations in the project.
 * 2. It is not minifiable, so the string of a GraphQL query will be multiple times inside the bundle.
 * 3. It does not support dead code elimination, so it will add unused operations.
 *
 * Therefore it is highly recommended to use the babel or swc plugin for production.
 * Learn more about it here: https://the-guild.dev/graphql/codegen/plugins/presets/preset-client#reducing-bundle-size
 */
type Documents = {
    "\n  fragment AccountSettingsFields on AccountSettings {\n    username displayName brandColor defaultLanguage defaultTheme expirationHours reviewMode redirectUrl notificationEmails hasLogo logoUrl\n  }\n": typeof types.AccountSettingsFieldsFragmentDoc,
    "\n  query AccountSettings { accountSettings { ...AccountSettingsFields } }\n": typeof types.AccountSettingsDocument,
    "\n  mutation UpdateAccountSettings($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ...AccountSettingsFields } }\n": typeof types.UpdateAccountSettingsDocument,
    "\n  query Callbacks { callbacks { event url method headers payload secret disabled disabledReason } }\n": typeof types.CallbacksDocument,
    "\n  mutation SetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) { setCallback(event: $event, input: $input) { event } }\n": typeof types.SetCallbackDocument,
    "\n  mutation DeleteCallback($event: WebhookEvent!) { deleteCallback(event: $event) }\n": typeof types.DeleteCallbackDocument,
    "\n  mutation TestCallback($event: WebhookEvent!) { testCallback(event: $event) { id } }\n": typeof types.TestCallbackDocument,
    "\n  mutation RotateSecret($event: WebhookEvent!) { rotateCallbackSecret(event: $event) { event } }\n": typeof types.RotateSecretDocument,
    "\n  mutation SetCallbackDisabled($event: WebhookEvent!, $disabled: Boolean!) { setCallbackDisabled(event: $event, disabled: $disabled) { event disabled } }\n": typeof types.SetCallbackDisabledDocument,
    "\n  mutation RecoverDeliveries($since: DateTime!, $event: WebhookEvent) { recoverDeliveries(since: $since, event: $event) { queued } }\n": typeof types.RecoverDeliveriesDocument,
    "\n  query EventDeliveries($event: WebhookEvent!) { deliveries(event: $event, first: 25) { edges { node { ...DeliveryFields } } } }\n": typeof types.EventDeliveriesDocument,
    "\n  query StaffContext {\n    me { username name role account permissions }\n    accountSettings { displayName logoUrl }\n    dashboardSettings {\n      statuses { code label }\n      awaitingReview\n      events { code label }\n      callbackEvents { code label }\n      roles { code label description }\n      reviewModes { code label description }\n      languages { code label }\n      themes { name photoCount damageInspection }\n      views { photoCode name defaultItem }\n      limits {\n        damageNoteMax noteTitleMax noteDescriptionMax searchMax passwordMin usernamePattern\n        displayNameMax expirationHoursMax notificationEmailsMax logoMaxBytes\n      }\n    }\n  }\n": typeof types.StaffContextDocument,
    "\n  fragment DeliveryFields on Delivery {\n    id event sessionKey test status attemptCount nextAttemptAt lastStatusCode lastError createdAt\n    attempts { attempt statusCode responseBody }\n  }\n": typeof types.DeliveryFieldsFragmentDoc,
    "\n  query CallbackEvents { callbacks { event } }\n": typeof types.CallbackEventsDocument,
    "\n  query Deliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {\n    deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) {\n      edges { node { ...DeliveryFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.DeliveriesDocument,
    "\n  mutation Redeliver($id: ID!) { redeliver(id: $id) { ...DeliveryFields } }\n": typeof types.RedeliverDocument,
    "\n  subscription AccountEvents($after: String) {\n    sessionEvents(after: $after) { id event sessionKey timestamp payload }\n  }\n": typeof types.AccountEventsDocument,
    "\n  subscription SessionTimeline($sessionKey: String!, $after: String) {\n    sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }\n  }\n": typeof types.SessionTimelineDocument,
    "\n  mutation CreateSession($input: CreateInspectionSessionInput) {\n    createInspectionSession(input: $input) { ...SessionRowFields captureUrl }\n  }\n": typeof types.CreateSessionDocument,
    "\n  query Users { users { username name role createdAt } }\n": typeof types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) { createUser(input: $input) { username } }\n": typeof types.CreateUserDocument,
    "\n  mutation DeleteUser($username: String!) { deleteUser(username: $username) }\n": typeof types.DeleteUserDocument,
    "\n  mutation UpdateUser($username: String!, $input: UpdateUserInput!) { updateUser(username: $username, input: $input) { username name role } }\n": typeof types.UpdateUserDocument,
    "\n  mutation ReopenReview($sessionKey: String!, $reason: String!) { reopenReview(sessionKey: $sessionKey, reason: $reason) { status } }\n": typeof types.ReopenReviewDocument,
    "\n  mutation CompleteReview($sessionKey: String!, $noDamageFound: Boolean) {\n    completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) { status }\n  }\n": typeof types.CompleteReviewDocument,
    "\n  query DamageCatalog { damageCatalog { items { code label } damageTypes { code label summary gradeMeanings defaultGrade } } }\n": typeof types.DamageCatalogDocument,
    "\n  mutation AddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {\n    addDamage(sessionKey: $sessionKey, item: $item, damageType: $damageType, grade: $grade, note: $note, photoCode: $photoCode, region: $region) { damageId }\n  }\n": typeof types.AddDamageDocument,
    "\n  mutation EditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, item: $item, damageType: $damageType, grade: $grade, note: $note, region: $region) { damageId }\n  }\n": typeof types.EditDamageDocument,
    "\n  mutation SetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) { damageId }\n  }\n": typeof types.SetDamageStatusDocument,
    "\n  mutation DeleteDamage($sessionKey: String!, $damageId: String!) { deleteDamage(sessionKey: $sessionKey, damageId: $damageId) }\n": typeof types.DeleteDamageDocument,
    "\n  query SessionDetail($sessionKey: String!) {\n    inspectionSession(sessionKey: $sessionKey) {\n      sessionKey status awaitingReview theme vehicle createdAt lastActivityAt acceptedPhotoCount\n      captureUrl inspectStartedAt inspectEndedAt expiresAt expiresWhenIdle language vinCaptured smsDelivery\n      mails { kind to status attempts lastError createdAt updatedAt }\n      requiredPhotos { photoCode }\n      photos { photoCode photoLabel approved approvedMessage url createdAt vehicleCheck vehicleBox { x y width height score } }\n      damages { damageId item damageType grade note photoCode region { x y width height } score source status }\n      notes { title description user createdAt }\n      location { latitude longitude accuracy capturedAt }\n      gradeIfCompleted { grade name }\n      review {\n        state revision\n        reopened { reason by at }\n        revisions { revision reason reopenedBy reopenedAt completedBy completedAt }\n      }\n    }\n  }\n": typeof types.SessionDetailDocument,
    "\n  query SessionReport($sessionKey: String!) { sessionResults(sessionKey: $sessionKey) }\n": typeof types.SessionReportDocument,
    "\n  fragment SessionRowFields on InspectionSession {\n    sessionKey status awaitingReview theme vehicle lastActivityAt acceptedPhotoCount requiredPhotos { photoCode }\n    reportGrade { grade name } reportedDamages smsDelivery\n  }\n": typeof types.SessionRowFieldsFragmentDoc,
    "\n  query SessionSearch($filter: SessionSearchInput) {\n    sessionSearch(filter: $filter) { sessions { ...SessionRowFields } nextCursor }\n  }\n": typeof types.SessionSearchDocument,
    "\n  query Sessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {\n    inspectionSessions(first: $first, after: $after, status: $status, awaitingReview: $awaitingReview, search: $search) {\n      edges { node { ...SessionRowFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": typeof types.SessionsDocument,
    "\n  query SessionRow($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ...SessionRowFields } }\n": typeof types.SessionRowDocument,
};
const documents: Documents = {
    "\n  fragment AccountSettingsFields on AccountSettings {\n    username displayName brandColor defaultLanguage defaultTheme expirationHours reviewMode redirectUrl notificationEmails hasLogo logoUrl\n  }\n": types.AccountSettingsFieldsFragmentDoc,
    "\n  query AccountSettings { accountSettings { ...AccountSettingsFields } }\n": types.AccountSettingsDocument,
    "\n  mutation UpdateAccountSettings($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ...AccountSettingsFields } }\n": types.UpdateAccountSettingsDocument,
    "\n  query Callbacks { callbacks { event url method headers payload secret disabled disabledReason } }\n": types.CallbacksDocument,
    "\n  mutation SetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) { setCallback(event: $event, input: $input) { event } }\n": types.SetCallbackDocument,
    "\n  mutation DeleteCallback($event: WebhookEvent!) { deleteCallback(event: $event) }\n": types.DeleteCallbackDocument,
    "\n  mutation TestCallback($event: WebhookEvent!) { testCallback(event: $event) { id } }\n": types.TestCallbackDocument,
    "\n  mutation RotateSecret($event: WebhookEvent!) { rotateCallbackSecret(event: $event) { event } }\n": types.RotateSecretDocument,
    "\n  mutation SetCallbackDisabled($event: WebhookEvent!, $disabled: Boolean!) { setCallbackDisabled(event: $event, disabled: $disabled) { event disabled } }\n": types.SetCallbackDisabledDocument,
    "\n  mutation RecoverDeliveries($since: DateTime!, $event: WebhookEvent) { recoverDeliveries(since: $since, event: $event) { queued } }\n": types.RecoverDeliveriesDocument,
    "\n  query EventDeliveries($event: WebhookEvent!) { deliveries(event: $event, first: 25) { edges { node { ...DeliveryFields } } } }\n": types.EventDeliveriesDocument,
    "\n  query StaffContext {\n    me { username name role account permissions }\n    accountSettings { displayName logoUrl }\n    dashboardSettings {\n      statuses { code label }\n      awaitingReview\n      events { code label }\n      callbackEvents { code label }\n      roles { code label description }\n      reviewModes { code label description }\n      languages { code label }\n      themes { name photoCount damageInspection }\n      views { photoCode name defaultItem }\n      limits {\n        damageNoteMax noteTitleMax noteDescriptionMax searchMax passwordMin usernamePattern\n        displayNameMax expirationHoursMax notificationEmailsMax logoMaxBytes\n      }\n    }\n  }\n": types.StaffContextDocument,
    "\n  fragment DeliveryFields on Delivery {\n    id event sessionKey test status attemptCount nextAttemptAt lastStatusCode lastError createdAt\n    attempts { attempt statusCode responseBody }\n  }\n": types.DeliveryFieldsFragmentDoc,
    "\n  query CallbackEvents { callbacks { event } }\n": types.CallbackEventsDocument,
    "\n  query Deliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {\n    deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) {\n      edges { node { ...DeliveryFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.DeliveriesDocument,
    "\n  mutation Redeliver($id: ID!) { redeliver(id: $id) { ...DeliveryFields } }\n": types.RedeliverDocument,
    "\n  subscription AccountEvents($after: String) {\n    sessionEvents(after: $after) { id event sessionKey timestamp payload }\n  }\n": types.AccountEventsDocument,
    "\n  subscription SessionTimeline($sessionKey: String!, $after: String) {\n    sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }\n  }\n": types.SessionTimelineDocument,
    "\n  mutation CreateSession($input: CreateInspectionSessionInput) {\n    createInspectionSession(input: $input) { ...SessionRowFields captureUrl }\n  }\n": types.CreateSessionDocument,
    "\n  query Users { users { username name role createdAt } }\n": types.UsersDocument,
    "\n  mutation CreateUser($input: CreateUserInput!) { createUser(input: $input) { username } }\n": types.CreateUserDocument,
    "\n  mutation DeleteUser($username: String!) { deleteUser(username: $username) }\n": types.DeleteUserDocument,
    "\n  mutation UpdateUser($username: String!, $input: UpdateUserInput!) { updateUser(username: $username, input: $input) { username name role } }\n": types.UpdateUserDocument,
    "\n  mutation ReopenReview($sessionKey: String!, $reason: String!) { reopenReview(sessionKey: $sessionKey, reason: $reason) { status } }\n": types.ReopenReviewDocument,
    "\n  mutation CompleteReview($sessionKey: String!, $noDamageFound: Boolean) {\n    completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) { status }\n  }\n": types.CompleteReviewDocument,
    "\n  query DamageCatalog { damageCatalog { items { code label } damageTypes { code label summary gradeMeanings defaultGrade } } }\n": types.DamageCatalogDocument,
    "\n  mutation AddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {\n    addDamage(sessionKey: $sessionKey, item: $item, damageType: $damageType, grade: $grade, note: $note, photoCode: $photoCode, region: $region) { damageId }\n  }\n": types.AddDamageDocument,
    "\n  mutation EditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, item: $item, damageType: $damageType, grade: $grade, note: $note, region: $region) { damageId }\n  }\n": types.EditDamageDocument,
    "\n  mutation SetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) { damageId }\n  }\n": types.SetDamageStatusDocument,
    "\n  mutation DeleteDamage($sessionKey: String!, $damageId: String!) { deleteDamage(sessionKey: $sessionKey, damageId: $damageId) }\n": types.DeleteDamageDocument,
    "\n  query SessionDetail($sessionKey: String!) {\n    inspectionSession(sessionKey: $sessionKey) {\n      sessionKey status awaitingReview theme vehicle createdAt lastActivityAt acceptedPhotoCount\n      captureUrl inspectStartedAt inspectEndedAt expiresAt expiresWhenIdle language vinCaptured smsDelivery\n      mails { kind to status attempts lastError createdAt updatedAt }\n      requiredPhotos { photoCode }\n      photos { photoCode photoLabel approved approvedMessage url createdAt vehicleCheck vehicleBox { x y width height score } }\n      damages { damageId item damageType grade note photoCode region { x y width height } score source status }\n      notes { title description user createdAt }\n      location { latitude longitude accuracy capturedAt }\n      gradeIfCompleted { grade name }\n      review {\n        state revision\n        reopened { reason by at }\n        revisions { revision reason reopenedBy reopenedAt completedBy completedAt }\n      }\n    }\n  }\n": types.SessionDetailDocument,
    "\n  query SessionReport($sessionKey: String!) { sessionResults(sessionKey: $sessionKey) }\n": types.SessionReportDocument,
    "\n  fragment SessionRowFields on InspectionSession {\n    sessionKey status awaitingReview theme vehicle lastActivityAt acceptedPhotoCount requiredPhotos { photoCode }\n    reportGrade { grade name } reportedDamages smsDelivery\n  }\n": types.SessionRowFieldsFragmentDoc,
    "\n  query SessionSearch($filter: SessionSearchInput) {\n    sessionSearch(filter: $filter) { sessions { ...SessionRowFields } nextCursor }\n  }\n": types.SessionSearchDocument,
    "\n  query Sessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {\n    inspectionSessions(first: $first, after: $after, status: $status, awaitingReview: $awaitingReview, search: $search) {\n      edges { node { ...SessionRowFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n": types.SessionsDocument,
    "\n  query SessionRow($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ...SessionRowFields } }\n": types.SessionRowDocument,
};

/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment AccountSettingsFields on AccountSettings {\n    username displayName brandColor defaultLanguage defaultTheme expirationHours reviewMode redirectUrl notificationEmails hasLogo logoUrl\n  }\n"): typeof import('./graphql').AccountSettingsFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query AccountSettings { accountSettings { ...AccountSettingsFields } }\n"): typeof import('./graphql').AccountSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateAccountSettings($input: AccountSettingsInput!) { updateAccountSettings(input: $input) { ...AccountSettingsFields } }\n"): typeof import('./graphql').UpdateAccountSettingsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Callbacks { callbacks { event url method headers payload secret disabled disabledReason } }\n"): typeof import('./graphql').CallbacksDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCallback($event: WebhookEvent!, $input: CallbackSettingInput!) { setCallback(event: $event, input: $input) { event } }\n"): typeof import('./graphql').SetCallbackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteCallback($event: WebhookEvent!) { deleteCallback(event: $event) }\n"): typeof import('./graphql').DeleteCallbackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation TestCallback($event: WebhookEvent!) { testCallback(event: $event) { id } }\n"): typeof import('./graphql').TestCallbackDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RotateSecret($event: WebhookEvent!) { rotateCallbackSecret(event: $event) { event } }\n"): typeof import('./graphql').RotateSecretDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetCallbackDisabled($event: WebhookEvent!, $disabled: Boolean!) { setCallbackDisabled(event: $event, disabled: $disabled) { event disabled } }\n"): typeof import('./graphql').SetCallbackDisabledDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation RecoverDeliveries($since: DateTime!, $event: WebhookEvent) { recoverDeliveries(since: $since, event: $event) { queued } }\n"): typeof import('./graphql').RecoverDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query EventDeliveries($event: WebhookEvent!) { deliveries(event: $event, first: 25) { edges { node { ...DeliveryFields } } } }\n"): typeof import('./graphql').EventDeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query StaffContext {\n    me { username name role account permissions }\n    accountSettings { displayName logoUrl }\n    dashboardSettings {\n      statuses { code label }\n      awaitingReview\n      events { code label }\n      callbackEvents { code label }\n      roles { code label description }\n      reviewModes { code label description }\n      languages { code label }\n      themes { name photoCount damageInspection }\n      views { photoCode name defaultItem }\n      limits {\n        damageNoteMax noteTitleMax noteDescriptionMax searchMax passwordMin usernamePattern\n        displayNameMax expirationHoursMax notificationEmailsMax logoMaxBytes\n      }\n    }\n  }\n"): typeof import('./graphql').StaffContextDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment DeliveryFields on Delivery {\n    id event sessionKey test status attemptCount nextAttemptAt lastStatusCode lastError createdAt\n    attempts { attempt statusCode responseBody }\n  }\n"): typeof import('./graphql').DeliveryFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query CallbackEvents { callbacks { event } }\n"): typeof import('./graphql').CallbackEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Deliveries($event: WebhookEvent!, $sessionKey: String, $first: Int, $after: String) {\n    deliveries(event: $event, sessionKey: $sessionKey, first: $first, after: $after) {\n      edges { node { ...DeliveryFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): typeof import('./graphql').DeliveriesDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation Redeliver($id: ID!) { redeliver(id: $id) { ...DeliveryFields } }\n"): typeof import('./graphql').RedeliverDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription AccountEvents($after: String) {\n    sessionEvents(after: $after) { id event sessionKey timestamp payload }\n  }\n"): typeof import('./graphql').AccountEventsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  subscription SessionTimeline($sessionKey: String!, $after: String) {\n    sessionEvents(sessionKey: $sessionKey, after: $after) { id event sessionKey timestamp payload }\n  }\n"): typeof import('./graphql').SessionTimelineDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateSession($input: CreateInspectionSessionInput) {\n    createInspectionSession(input: $input) { ...SessionRowFields captureUrl }\n  }\n"): typeof import('./graphql').CreateSessionDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Users { users { username name role createdAt } }\n"): typeof import('./graphql').UsersDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CreateUser($input: CreateUserInput!) { createUser(input: $input) { username } }\n"): typeof import('./graphql').CreateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteUser($username: String!) { deleteUser(username: $username) }\n"): typeof import('./graphql').DeleteUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation UpdateUser($username: String!, $input: UpdateUserInput!) { updateUser(username: $username, input: $input) { username name role } }\n"): typeof import('./graphql').UpdateUserDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation ReopenReview($sessionKey: String!, $reason: String!) { reopenReview(sessionKey: $sessionKey, reason: $reason) { status } }\n"): typeof import('./graphql').ReopenReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation CompleteReview($sessionKey: String!, $noDamageFound: Boolean) {\n    completeReview(sessionKey: $sessionKey, noDamageFound: $noDamageFound) { status }\n  }\n"): typeof import('./graphql').CompleteReviewDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query DamageCatalog { damageCatalog { items { code label } damageTypes { code label summary gradeMeanings defaultGrade } } }\n"): typeof import('./graphql').DamageCatalogDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation AddDamage($sessionKey: String!, $item: String!, $damageType: String, $grade: Int, $note: String, $photoCode: Int, $region: DamageRegionInput) {\n    addDamage(sessionKey: $sessionKey, item: $item, damageType: $damageType, grade: $grade, note: $note, photoCode: $photoCode, region: $region) { damageId }\n  }\n"): typeof import('./graphql').AddDamageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation EditDamage($sessionKey: String!, $damageId: String!, $item: String, $damageType: String, $grade: Int, $note: String, $region: DamageRegionInput) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, item: $item, damageType: $damageType, grade: $grade, note: $note, region: $region) { damageId }\n  }\n"): typeof import('./graphql').EditDamageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation SetDamageStatus($sessionKey: String!, $damageId: String!, $status: DamageStatus) {\n    updateDamage(sessionKey: $sessionKey, damageId: $damageId, status: $status) { damageId }\n  }\n"): typeof import('./graphql').SetDamageStatusDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  mutation DeleteDamage($sessionKey: String!, $damageId: String!) { deleteDamage(sessionKey: $sessionKey, damageId: $damageId) }\n"): typeof import('./graphql').DeleteDamageDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionDetail($sessionKey: String!) {\n    inspectionSession(sessionKey: $sessionKey) {\n      sessionKey status awaitingReview theme vehicle createdAt lastActivityAt acceptedPhotoCount\n      captureUrl inspectStartedAt inspectEndedAt expiresAt expiresWhenIdle language vinCaptured smsDelivery\n      mails { kind to status attempts lastError createdAt updatedAt }\n      requiredPhotos { photoCode }\n      photos { photoCode photoLabel approved approvedMessage url createdAt vehicleCheck vehicleBox { x y width height score } }\n      damages { damageId item damageType grade note photoCode region { x y width height } score source status }\n      notes { title description user createdAt }\n      location { latitude longitude accuracy capturedAt }\n      gradeIfCompleted { grade name }\n      review {\n        state revision\n        reopened { reason by at }\n        revisions { revision reason reopenedBy reopenedAt completedBy completedAt }\n      }\n    }\n  }\n"): typeof import('./graphql').SessionDetailDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionReport($sessionKey: String!) { sessionResults(sessionKey: $sessionKey) }\n"): typeof import('./graphql').SessionReportDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  fragment SessionRowFields on InspectionSession {\n    sessionKey status awaitingReview theme vehicle lastActivityAt acceptedPhotoCount requiredPhotos { photoCode }\n    reportGrade { grade name } reportedDamages smsDelivery\n  }\n"): typeof import('./graphql').SessionRowFieldsFragmentDoc;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionSearch($filter: SessionSearchInput) {\n    sessionSearch(filter: $filter) { sessions { ...SessionRowFields } nextCursor }\n  }\n"): typeof import('./graphql').SessionSearchDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query Sessions($first: Int, $after: String, $status: SessionStatus, $awaitingReview: Boolean, $search: String) {\n    inspectionSessions(first: $first, after: $after, status: $status, awaitingReview: $awaitingReview, search: $search) {\n      edges { node { ...SessionRowFields } }\n      pageInfo { hasNextPage endCursor }\n    }\n  }\n"): typeof import('./graphql').SessionsDocument;
/**
 * The graphql function is used to parse GraphQL queries into a document that can be used by GraphQL clients.
 */
export function graphql(source: "\n  query SessionRow($sessionKey: String!) { inspectionSession(sessionKey: $sessionKey) { ...SessionRowFields } }\n"): typeof import('./graphql').SessionRowDocument;


export function graphql(source: string) {
  return (documents as any)[source] ?? {};
}
