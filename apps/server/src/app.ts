import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { APP_NAME, APP_VERSION, BODY_LIMIT_DEFAULT, Code, ErrorId } from '@paichat/protocol';
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { systemClock, type Clock } from './clock';
import type { Config } from './config';
import { migrateToLatest, openDatabase, type Db } from './db';
import { alreadyDurable, type Durability } from './db/durability';
import { holdAnswersUntilDurable } from './http/durable-answers';
import { seedDemoData } from './demo-data';
import { createLogger } from './logger';
import { createAuthHook } from './http/auth-hook';
import { ok, refusal } from './http/envelope';
import { installErrorHandler, sendEnvelope } from './http/error-handler';
import { registerCompression } from './http/compression';
import { closeConnectionsAsAnswered } from './http/drain';
import { registerRateLimits } from './http/rate-limit';
import { DOCS_CONTENT_SECURITY_POLICY, installJsonParser, registerSecurityHeaders } from './http/security';
import { registerWebApp } from './http/web-app';
import { authRoutes } from './modules/auth/routes';
import { createAuthService } from './modules/auth/service';
import { createAppender, type AppenderOptions } from './modules/chats/appender';
import { noIdMark, openIdMark, type IdMark } from './modules/chats/id-mark';
import { guardMessageIds, settleMessageIds } from './modules/chats/rollback';
import { createForwardService } from './modules/chats/forward';
import { chatsRoutes, forwardRoutes } from './modules/chats/routes';
import { createChatsService } from './modules/chats/service';
import { dictRoutes } from './modules/dict/routes';
import { filesRoutes } from './modules/files/routes';
import { createBmpDecoder } from './modules/files/bmp-pool';
import { createFilesService } from './modules/files/service';
import { createFileStore } from './modules/files/store';
import { friendsRoutes } from './modules/friends/routes';
import { identitiesRoutes } from './modules/identities/routes';
import { createIdentitiesService } from './modules/identities/service';
import { groupsRoutes } from './modules/groups/routes';
import { socketSendsRoutes } from './modules/chats/socket-routes';
import { createMomentInteractions } from './modules/moments/interactions';
import { momentsRoutes } from './modules/moments/routes';
import { createMomentsService } from './modules/moments/service';
import { favoritesRoutes } from './modules/favorites/routes';
import { searchRoutes } from './modules/search/routes';
import { createSearchIndexer } from './modules/search/indexer';
import { createSearchService } from './modules/search/service';
import { createFavoritesService } from './modules/favorites/service';
import { feedbackRoutes } from './modules/feedback/routes';
import { nearbyRoutes } from './modules/nearby/routes';
import { createNearbyService } from './modules/nearby/service';
import { shakeRoutes } from './modules/shake/routes';
import { createShakeService } from './modules/shake/service';
import { appRoutes } from './modules/app/routes';
import { createFeedbackService } from './modules/feedback/service';
import { createGroupsService } from './modules/groups/service';
import { socketsRoutes } from './modules/sockets/routes';
import { createSocketsService } from './modules/sockets/service';
import { statsRoutes } from './modules/stats/routes';
import { createStatsService } from './modules/stats/service';
import { createFriendsService, type AfterCommit, type FriendsMadeHook } from './modules/friends/service';
import { createVisibility } from './modules/friends/visibility';
import { loadPersonRefs } from './modules/users/refs';
import { usersRoutes } from './modules/users/routes';
import { createUsersService } from './modules/users/service';
import { linkPreviewRoutes } from './modules/links/routes';
import { createLinkPreviewService, LINK_PREVIEW_TIMEOUT_MS } from './modules/links/service';
import { createPushNotifier, type PushNotifier } from './modules/webpush/notifier';
import { webPushRoutes } from './modules/webpush/routes';
import { createWebPushService } from './modules/webpush/service';
import { createOutboundFetch, type Resolver } from './outbound/fetch';
import { LocalBus, type Bus } from './realtime/bus';
import { RedisBus } from './realtime/redis-bus';
import { registerGateway, type GatewayOptions } from './realtime/gateway';
import { receiptsRoutes } from './modules/receipts/routes';
import { createReceiptsService } from './modules/receipts/service';
import { createTypingRelay } from './modules/receipts/typing';
import { createSocketSends } from './realtime/socket-sends';
import type { ConnectionRegistry } from './realtime/registry';

export interface AppDeps {
  /**
   * A migrated database. Without it, buildApp opens the configured one, migrates it, seeds demo
   * data, guards its message ids with the mark in DATA_DIR, and closes both with the app.
   */
  db?: Db;
  /** With `db`: the message-id mark that guarded it (see modules/chats/rollback.ts); none when omitted. */
  idMark?: IdMark;
  /** With `db`: when its commits are on disk (db/durability.ts); at once when omitted. */
  durability?: Durability;
  clock?: Clock;
  /** Defaults to an in-process bus (single node). */
  bus?: Bus;
  logger?: FastifyBaseLogger;
  /** Test hook: sees each issued captcha's answer. */
  onCaptchaIssued?: (captchaId: string, answer: string) => void;
  realtime?: Pick<
    GatewayOptions,
    'slowConsumerBytes' | 'idleTimeoutMs' | 'shutdownGraceMs' | 'beforeRegister'
  >;
  /** How sends are batched and queued (tests make the queue small, or hold a batch after its commit). */
  appender?: AppenderOptions;
  /** What else becoming friends sets off, inside the same transaction, after the chat opens (tests watch it here). */
  onFriendsMade?: FriendsMadeHook;
  /** How requests to users' addresses (push services, linked pages) resolve host names; the system's resolver by default. */
  resolveHost?: Resolver;
  /** How long reading a linked page (or its picture) may take; LINK_PREVIEW_TIMEOUT_MS unless a test shortens it. */
  linkPreviewTimeoutMs?: number;
}

/** What the app is built from, for whoever holds the instance (main, tests). */
export interface AppContext {
  config: Config;
  db: Db;
  bus: Bus;
  clock: Clock;
  registry: ConnectionRegistry;
  webPush: PushNotifier;
}

declare module 'fastify' {
  interface FastifyInstance {
    paichat: AppContext;
  }
}

/** The in-process bus of a single node, or with REDIS_URL the Redis bus every node shares. */
function createBus(config: Config, logger: FastifyBaseLogger): Bus {
  if (!config.redis) return new LocalBus((error) => logger.error({ err: error }, 'bus subscriber failed'));
  return new RedisBus({ ...config.redis, nodeId: config.nodeId, log: logger.child({ module: 'bus' }) });
}

/** Runs each hook in the friendship's transaction, in order; after commit, each one's follow-up. */
function composeFriendsMade(...hooks: (FriendsMadeHook | undefined)[]): FriendsMadeHook {
  return async (trx, event) => {
    const after: AfterCommit[] = [];
    for (const hook of hooks) {
      const next = await hook?.(trx, event);
      if (next) after.push(next);
    }
    return async () => {
      for (const run of after) await run();
    };
  };
}

/** Builds the Fastify instance (not listening). */
export async function buildApp(config: Config, deps: AppDeps = {}): Promise<FastifyInstance> {
  const logger = deps.logger ?? createLogger(config);
  const clock = deps.clock ?? systemClock;
  const app = Fastify({
    loggerInstance: logger,
    trustProxy: config.trustProxy,
    // Sockets idle between requests must not hold up a shutdown.
    forceCloseConnections: 'idle',
    // Protocol endpoints set their own (http/route.ts); anything else gets the small default.
    bodyLimit: BODY_LIMIT_DEFAULT,
  });
  closeConnectionsAsAnswered(app);
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  let db = deps.db;
  let idMark = deps.idMark ?? noIdMark;
  let durability = deps.durability ?? alreadyDurable;
  if (!db) {
    const opened = openDatabase(config.database, (error) =>
      logger.error({ err: error }, 'database connection lost'),
    );
    db = opened.db;
    const owned = db;
    durability = opened.durability;
    app.addHook('onClose', async () => {
      await owned.destroy();
      await opened.durability.close();
    });
    await migrateToLatest(opened.db, opened.dialect);
    await seedDemoData(opened.db, opened.dialect, { enabled: config.demoData, clock, log: logger });
    const mark = await openIdMark(config.database, config.dataDir);
    // onClose hooks run last registered first: this one before the database closes.
    app.addHook('onClose', async () => {
      await settleMessageIds(opened.db, opened.dialect, mark);
      await mark.close();
    });
    await guardMessageIds(opened.db, opened.dialect, mark, logger);
    idMark = mark;
  }
  const bus = deps.bus ?? createBus(config, logger);
  if (!deps.bus) app.addHook('onClose', async () => bus.close());

  installJsonParser(app);
  installErrorHandler(app);
  holdAnswersUntilDurable(app, durability);
  registerSecurityHeaders(app, {
    enabled: config.signIn.pi !== null,
    sandbox: config.signIn.pi?.sandbox ?? false,
  });
  await registerCompression(app);
  await registerRateLimits(app, config.rateLimits, config.redis);

  await app.register(swagger, {
    openapi: {
      info: {
        title: `${APP_NAME} API`,
        version: APP_VERSION,
        description: 'Every answer is {code, msg, data}.',
      },
      components: {
        securitySchemes: { token: { type: 'apiKey', in: 'header', name: 'Authorization' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: DOCS_CONTENT_SECURITY_POLICY });

  const auth = createAuthService({
    db,
    config,
    clock,
    bus,
    log: logger.child({ module: 'auth' }),
    ...(deps.onCaptchaIssued ? { onCaptchaIssued: deps.onCaptchaIssued } : {}),
  });
  const store = createFileStore(config.uploadDir);
  await store.init(clock.now());
  const bmp = createBmpDecoder();
  app.addHook('onClose', () => bmp.close());
  const files = createFilesService({
    db,
    clock,
    log: logger.child({ module: 'files' }),
    store,
    limits: { uploadMaxBytes: config.uploadMaxBytes, videoMaxBytes: config.videoMaxBytes },
    bmp,
  });
  const refs = await loadPersonRefs(db);
  const visibility = createVisibility({ db, refs });
  const users = createUsersService({
    db,
    clock,
    bus,
    log: logger.child({ module: 'users' }),
    isOwnImage: files.isOwnImage,
    refs,
  });
  const sockets = createSocketsService({
    db,
    clock,
    bus,
    maxSocketsPerUser: config.maxSocketsPerUser,
    nodeId: config.nodeId,
  });
  const socketSends = createSocketSends({
    durability,
    now: () => clock.now(),
    log: logger.child({ module: 'realtime' }),
  });
  const receipts = createReceiptsService({ db, clock, bus, log: logger.child({ module: 'receipts' }) });
  app.addHook('onClose', async () => receipts.close());
  const registry = await registerGateway(app, {
    bus,
    sends: socketSends,
    typing: createTypingRelay({ db, clock, bus, log: logger.child({ module: 'typing' }) }),
    ledger: sockets.ledger,
    allowedOrigins: config.allowedOrigins,
    log: logger.child({ module: 'realtime' }),
    now: () => clock.now(),
    ...deps.realtime,
  });
  // Every request to an address a user chose goes through it (outbound/fetch.ts).
  const outbound = createOutboundFetch({
    ...(deps.resolveHost && { resolve: deps.resolveHost }),
    allowLoopback: config.webPush.allowLocalEndpoints,
  });
  const webPush = createPushNotifier({
    db,
    clock,
    log: logger.child({ module: 'webpush' }),
    contact: config.webPush.contact,
    outbound,
    holdsSocket: (userId) => registry.holds(String(userId)),
  });
  // Linked pages: the same guard, with the previews' own loopback setting and time cap.
  const linkOutbound = createOutboundFetch({
    ...(deps.resolveHost && { resolve: deps.resolveHost }),
    allowLoopback: config.linkPreviews.allowLocalSites,
    totalTimeoutMs: deps.linkPreviewTimeoutMs ?? LINK_PREVIEW_TIMEOUT_MS,
  });
  app.addHook('onClose', async () => {
    await webPush.close();
    await outbound.close();
    await linkOutbound.close();
  });
  // Indexes for search what sends committed, after their commit; catches up at start.
  const searchIndexer = createSearchIndexer(db, logger.child({ module: 'search' }));
  app.addHook('onClose', () => searchIndexer.close());
  // One appender for one-to-one and group sends: sends arriving together share a transaction.
  const appender = createAppender(db, logger.child({ module: 'messages' }), idMark, {
    ...deps.appender,
    durability,
    onCommitted: searchIndexer.committed,
  });
  // Favorites copy messages of the saver's chats; chats carry copies of the sender's favorites.
  const favorites = createFavoritesService({
    db,
    clock,
    messageOf: (viewerId, chatId, msgId) => chats.message(viewerId, chatId, msgId),
  });
  const chats = createChatsService({
    db,
    clock,
    bus,
    log: logger.child({ module: 'chats' }),
    describeFiles: files.describe,
    favoriteOf: favorites.snapshot,
    appender,
    idMark,
    visibility,
    webPush,
    recallWindows: config.recallWindows,
    onReadMoved: receipts.readMoved,
  });
  const groups = createGroupsService({
    db,
    clock,
    bus,
    log: logger.child({ module: 'groups' }),
    appender,
    idMark,
    files,
    visibility,
    favoriteOf: favorites.snapshot,
    webPush,
  });
  const momentsLog = logger.child({ module: 'moments' });
  const moments = createMomentsService({ db, clock, bus, log: momentsLog });
  const momentInteractions = createMomentInteractions({ db, clock, bus, log: momentsLog, moments });
  const friends = createFriendsService({
    db,
    clock,
    bus,
    log: logger.child({ module: 'friends' }),
    visibility,
    onFriendsMade: composeFriendsMade(chats.onFriendsMade, deps.onFriendsMade),
    momentNotices: momentInteractions.notices,
    webPush,
  });

  app.decorateRequest('auth', null);
  app.decorate('authenticate', createAuthHook(auth.resolveToken));

  app.decorate('paichat', { config, db, bus, clock, registry, webPush });

  authRoutes(app, auth);
  identitiesRoutes(
    app,
    createIdentitiesService({ db, clock, config, auth, log: logger.child({ module: 'identities' }) }),
    config.tokenTtlDays,
  );
  socketsRoutes(app, sockets);
  usersRoutes(app, users);
  friendsRoutes(app, friends);
  chatsRoutes(app, chats);
  receiptsRoutes(app, receipts);
  groupsRoutes(app, groups);
  socketSendsRoutes(socketSends, chats, groups);
  forwardRoutes(app, createForwardService({ db, chats, groups }));
  momentsRoutes(app, moments, momentInteractions);
  favoritesRoutes(app, favorites);
  searchRoutes(app, createSearchService({ db, indexed: searchIndexer.settled }));
  linkPreviewRoutes(
    app,
    createLinkPreviewService({
      db,
      clock,
      log: logger.child({ module: 'links' }),
      outbound: linkOutbound,
      files,
    }),
  );
  nearbyRoutes(app, createNearbyService({ db, clock, visibility }));
  shakeRoutes(app, createShakeService({ db, clock, visibility }));
  feedbackRoutes(app, createFeedbackService({ db, clock }));
  appRoutes(app, config.appDownload);
  statsRoutes(app, createStatsService({ db, clock, appKey: config.statAppKey }));
  dictRoutes(app);
  webPushRoutes(
    app,
    createWebPushService({
      db,
      clock,
      notifier: webPush,
      outbound,
      allowLocalEndpoints: config.webPush.allowLocalEndpoints,
    }),
  );
  await filesRoutes(app, files, {
    authenticateWithCookie: createAuthHook(auth.resolveToken, { cookie: true }),
  });

  const database = db;
  app.get('/healthz', { schema: { hide: true } }, async (request, reply) => {
    try {
      await sql`select 1`.execute(database);
      // Redis down still serves: sockets are reset to catch up once it is back (realtime/redis-bus.ts).
      return ok({ db: 'ok', node: config.nodeId, bus: bus.health() });
    } catch (error) {
      request.log.error({ err: error }, 'health check: database unreachable');
      return sendEnvelope(reply, 503, refusal(Code.INTERNAL, 'Database unavailable', ErrorId.internal));
    }
  });

  await registerWebApp(app, config.webDist);
  return app;
}
