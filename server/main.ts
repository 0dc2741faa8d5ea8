import { serve } from './serve.ts';

/** `npm start`: one server process on the system clock (server/serve.ts). */
await serve();
