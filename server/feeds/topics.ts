/**
 * The bus topics of users' and merchants' accounts (server/bus: dot-separated words). The private feed and the
 * STOMP socket read them; ledger, exchange and later products publish them. With RabbitMQ they are routing keys
 * on the topic exchange, so a Web-STOMP client subscribing to `/topic/user.42.refresh` reads the same messages.
 */
export const userTopics = {
  /** OwnCoin[]: balances after a durable change. */
  balance: (userId: number) => `user.${userId}.balance`,
  /** OwnMove[]: available balances a deposit, withdrawal, transfer or other non-order change moved. */
  moves: (userId: number) => `user.${userId}.moves`,
  /** OrderChange: the user's orders in a market changed. */
  orders: (userId: number) => `user.${userId}.orders`,
  /** UserStatus. */
  status: (userId: number) => `user.${userId}.status`,
  /** SettlementMessage. */
  settlement: (userId: number) => `user.${userId}.settlement`,
  /** PositionMessage. */
  position: (userId: number) => `user.${userId}.position`,
  /** MarginMessage. */
  margin: (userId: number) => `user.${userId}.margin`,
  /** ChainMessage: an on-chain deposit or withdrawal changed (server/chain). */
  chain: (userId: number) => `user.${userId}.chain`,
  /** PriceAlert: one of the user's price alerts fired (server/alerts). */
  alert: (userId: number) => `user.${userId}.alert`,
  /** RefreshMessage: the STOMP refresh topic. */
  refresh: (userId: number) => `user.${userId}.refresh`,
  /** ChatMessage: the STOMP chat topic. */
  chat: (userId: number) => `user.${userId}.chat`,
} as const;

/** RefreshMessage for a merchant's own changes (OTC orders to handle): the STOMP merchant topic. */
export const merchantTopic = (merchantId: number) => `merchant.${merchantId}.refresh`;

/**
 * Every STOMP topic as a bus pattern (the refresh and chat topics of each user, each merchant's topic): with
 * RabbitMQ they are forwarded to the exchange Web-STOMP reads `/topic/` destinations from.
 */
export const STOMP_TOPIC_PATTERNS = ['user.*.refresh', 'user.*.chat', 'merchant.*.refresh'] as const;

/** The exchange RabbitMQ Web-STOMP binds a `/topic/<key>` subscription to (rabbitmq_stomp's default topic exchange). */
export const STOMP_TOPIC_EXCHANGE = 'amq.topic';
