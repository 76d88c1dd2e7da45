import type { LocaleCode } from '@sangam/contracts';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  boolean,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
/** Binary data (bytea): a Buffer on PostgreSQL, a Uint8Array on PGlite; always read back as a Buffer. */
const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => Buffer.from(value),
});

export const users = pgTable('users', {
  id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
  email: text('email').notNull().unique(),
  username: text('username').notNull().unique(),
  name: text('name').notNull(),
  firstName: text('first_name').notNull().default(''),
  lastName: text('last_name').notNull().default(''),
  passwordHash: text('password_hash').notNull(),
  plan: text('plan').notNull().default('free'),
  emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
  /** The interface language chosen while signed in (a LOCALES code); null until one is chosen. */
  locale: text('locale'),
  /** "Answer in": `same` (the question's language) or a LOCALES code. */
  answerLanguage: text('answer_language').notNull().default('same'),
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/** Emailed one-time codes: stored hashed, tied to a purpose, single use. */
export const emailCodes = pgTable(
  'email_codes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    purpose: text('purpose').notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /** For a sign-up code: the pending sign-up (credentials) this code activates. */
    pendingSignupId: uuid('pending_signup_id').references((): AnyPgColumn => pendingSignups.id, { onDelete: 'cascade' }),
  },
  (t) => [index('email_codes_email_purpose_idx').on(t.email, t.purpose)],
);

/** Refresh tokens: random, stored hashed, rotated on every use, grouped in families. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    familyStartedAt: timestamp('family_started_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    rotatedAt: timestamp('rotated_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

/** A chat as the user sees it in their history; the id is the client's chatId. */
export const conversations = pgTable(
  'conversations',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    mode: text('mode').notNull(),
    originalPrompt: text('original_prompt').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Issue 13: the model the chat's next questions go to alone (null: every model). */
    continueWith: text('continue_with'),
    /** The last message of the branch the user sees. */
    activeLeafId: uuid('active_leaf_id'),
    /** The public share link's unguessable id, its time, and the snapshot it shows. */
    shareId: text('share_id'),
    sharedAt: timestamp('shared_at', { withTimezone: true }),
    shareSnapshot: jsonb('share_snapshot'),
  },
  (t) => [index('conversations_user_idx').on(t.userId, t.updatedAt), uniqueIndex('conversations_share_idx').on(t.shareId)],
);

export const messages = pgTable(
  'messages',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    conversationId: uuid('conversation_id')
      .notNull()
      .references(() => conversations.id, { onDelete: 'cascade' }),
    role: text('role').notNull(),
    content: text('content').notNull(),
    modelId: text('model_id'),
    extra: jsonb('extra'),
    createdAt: createdAt(),
    /** Issue 13: a message tree (edit-and-resend and regenerate make siblings). */
    parentId: uuid('parent_id'),
    status: text('status').notNull().default('done'),
    mode: text('mode'),
    refinedPrompt: text('refined_prompt'),
    facts: jsonb('facts'),
    /** Every model's answer of an assistant message (ModelAnswer[]). */
    answers: jsonb('answers').notNull().default([]),
    /** The Request_Id that created it: a retried request finds it instead of storing twice. */
    requestId: text('request_id'),
    /** Issue 15: the fusion's analysis ("How the models agreed", FusionAnalysis), when two or more answers were fused. */
    analysis: jsonb('analysis'),
    /** Issue 15: tokens and rupees of every call of the answer (AnswerCost). */
    cost: jsonb('cost'),
  },
  (t) => [
    index('messages_conversation_idx').on(t.conversationId, t.createdAt),
    uniqueIndex('messages_request_idx').on(t.conversationId, t.role, t.requestId),
    index('messages_parent_idx').on(t.parentId),
  ],
);

/**
 * The image of a question (issue 13), as re-encoded when it was asked: a regenerated answer reads it
 * again, and the thread shows it to its owner. Deleted with its message.
 */
export const messageImages = pgTable('message_images', {
  messageId: uuid('message_id')
    .primaryKey()
    .references(() => messages.id, { onDelete: 'cascade' }),
  mediaType: text('media_type').notNull(),
  data: bytea('data').notNull(),
  createdAt: createdAt(),
});

/** Tokens used per user per calendar month (UTC), counted against the plan's allowance. */
export const usage = pgTable(
  'usage',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    tokens: integer('tokens').notNull().default(0),
    requests: integer('requests').notNull().default(0),
  },
  (t) => [uniqueIndex('usage_user_month_idx').on(t.userId, t.month)],
);

/** Tokens of each model call, per user and request (the monthly totals above are their sum). */
export const usageEvents = pgTable(
  'usage_events',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    requestId: text('request_id').notNull(),
    modelId: text('model_id').notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: createdAt(),
    /** The reservation this charge settled (or counted as is); a settlement whose row is gone counts only if none names it (migration 0021). */
    reservationId: uuid('reservation_id'),
  },
  (t) => [
    index('usage_events_user_idx').on(t.userId, t.createdAt),
    index('usage_events_reservation_idx').on(t.reservationId).where(sql`${t.reservationId} is not null`),
  ],
);

/**
 * A sign-up not yet verified: the credentials submitted with it, activated only by a code bound to
 * it (email_codes.pending_signup_id). The user row is created at verification.
 */
export const pendingSignups = pgTable(
  'pending_signups',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    email: text('email').notNull(),
    username: text('username').notNull(),
    name: text('name').notNull(),
    passwordHash: text('password_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('pending_signups_email_idx').on(t.email, t.createdAt)],
);

/** Addresses (hashed) a user signed in from: their correct password is not refused while strangers are slowed. */
export const knownLoginAddresses = pgTable(
  'known_login_addresses',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    addressHash: text('address_hash').notNull(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.addressHash] })],
);

/**
 * Tokens reserved for answers in progress: written (and awaited) before any model is called, so the
 * quota holds across instances and a crash never leaves an answered request uncounted. Settling
 * deletes the row and counts the real usage; a row older than any request can live is counted as is.
 */
export const usageReservations = pgTable(
  'usage_reservations',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    month: text('month').notNull(),
    requestId: text('request_id').notNull(),
    tokens: integer('tokens').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('usage_reservations_user_idx').on(t.userId, t.createdAt)],
);

/** Token families revoked (logout, reset, reuse, deletion), kept until their access tokens expire. */
export const revokedFamilies = pgTable(
  'revoked_families',
  {
    familyId: text('family_id').primaryKey(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('revoked_families_expires_idx').on(t.expiresAt)],
);

/**
 * Arena battles: one prompt, two anonymous answers, and at most one vote, written once (winner and
 * voted_at set together, only while winner is null and the battle has not expired). A flagged vote
 * (a burst from one account or address) is kept but left out of the ratings.
 */
export const arenaBattles = pgTable(
  'arena_battles',
  {
    id: uuid('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    prompt: text('prompt').notNull(),
    category: text('category').notNull(),
    categorySource: text('category_source').notNull(),
    /** The question's language (a LOCALES code, romanised Hindi as hi); null: stored before issue 24 and not provably known. */
    language: text('language').$type<LocaleCode>(),
    modelA: text('model_a').notNull(),
    modelB: text('model_b').notNull(),
    nameA: text('name_a').notNull(),
    nameB: text('name_b').notNull(),
    answerA: text('answer_a').notNull(),
    answerB: text('answer_b').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    winner: text('winner'),
    votedAt: timestamp('voted_at', { withTimezone: true }),
    voterAddressHash: text('voter_address_hash'),
    flagged: boolean('flagged').notNull().default(false),
  },
  (t) => [
    index('arena_battles_pair_idx').on(t.modelA, t.modelB),
    index('arena_battles_user_voted_idx').on(t.userId, t.votedAt),
    index('arena_battles_address_voted_idx').on(t.voterAddressHash, t.votedAt),
    index('arena_battles_voted_idx').on(t.votedAt),
  ],
);

/** Likes and unlikes on universe cards: weaker feedback, one per user, model and chat; never in the ratings. */
export const arenaFeedback = pgTable(
  'arena_feedback',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: text('model_id').notNull(),
    chatId: text('chat_id').notNull().default(''),
    value: text('value').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.modelId, t.chatId] }), index('arena_feedback_model_idx').on(t.modelId)],
);

/**
 * Razorpay subscriptions, one row per subscription (id is Razorpay's). `stateAt` is the creation
 * time of the webhook event that set the status: an older event arriving later changes nothing.
 */
export const billingSubscriptions = pgTable(
  'billing_subscriptions',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    planId: text('plan_id').notNull(),
    period: text('period').notNull(),
    status: text('status').notNull(),
    shortUrl: text('short_url'),
    currentStart: timestamp('current_start', { withTimezone: true }),
    currentEnd: timestamp('current_end', { withTimezone: true }),
    chargeAt: timestamp('charge_at', { withTimezone: true }),
    startAt: timestamp('start_at', { withTimezone: true }),
    isCancelling: boolean('is_cancelling').notNull().default(false),
    stateAt: timestamp('state_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('billing_subscriptions_user_idx').on(t.userId, t.createdAt)],
);

/** Payments of subscriptions (subscription.charged), amounts in paise as Razorpay counts them. */
export const billingPayments = pgTable(
  'billing_payments',
  {
    id: text('id').primaryKey(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id').notNull(),
    planId: text('plan_id').notNull(),
    period: text('period').notNull(),
    amountPaise: integer('amount_paise').notNull(),
    currency: text('currency').notNull(),
    status: text('status').notNull(),
    invoiceId: text('invoice_id'),
    paidAt: timestamp('paid_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('billing_payments_user_idx').on(t.userId, t.paidAt)],
);

/** Every webhook event received, stored once by Razorpay's event id (x-razorpay-event-id). */
export const billingEvents = pgTable('billing_events', {
  id: text('id').primaryKey(),
  event: text('event').notNull(),
  subscriptionId: text('subscription_id'),
  eventCreatedAt: timestamp('event_created_at', { withTimezone: true }).notNull(),
  outcome: text('outcome').notNull(),
  payload: jsonb('payload').notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The audit trail: every change of a user's plan or subscription state, with the event that made it. */
export const billingChanges = pgTable(
  'billing_changes',
  {
    id: uuid('id').primaryKey().default(sql`gen_random_uuid()`),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    subscriptionId: text('subscription_id'),
    eventId: text('event_id'),
    action: text('action').notNull(),
    fromPlan: text('from_plan').notNull(),
    toPlan: text('to_plan').notNull(),
    fromStatus: text('from_status'),
    toStatus: text('to_status'),
    createdAt: createdAt(),
  },
  (t) => [index('billing_changes_user_idx').on(t.userId, t.createdAt)],
);
export * from '@/db/schema-api-keys';
