import pino from "pino";
import { config } from "./config.server";

export const logger = pino({
  level: config().LOG_LEVEL,
  base: undefined,
  redact: ["req.headers.cookie", "req.headers.authorization", 'res.headers["set-cookie"]'],
});
