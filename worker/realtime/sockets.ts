// What every Durable Object with hibernating sockets (UserHub, LiveChatRoom, StudioPresence) does the same way:
// send one message to all its sockets, answer a ping, and answer a closing socket with a code it may send.

/**
 * The close code sent back when a socket closes: its own code when it may be sent, else 1000. 1005 (no code),
 * 1006 (dropped without a close frame) and 1015 (TLS) only describe a closure and cannot be sent: closing with
 * them throws.
 */
export function echoCloseCode(code: number): number {
  const sendable = code === 1000 || (code >= 1001 && code <= 1014 && code !== 1005 && code !== 1006) || (code >= 3000 && code <= 4999);
  return sendable ? code : 1000;
}

/** Sends `event` to every socket of the object; returns how many received it. A socket that fails is closed. */
export function sendToAll(ctx: DurableObjectState, event: unknown): number {
  const message = JSON.stringify(event);
  let delivered = 0;
  for (const socket of ctx.getWebSockets()) {
    try {
      socket.send(message);
      delivered++;
    } catch {
      socket.close(1011, "send failed");
    }
  }
  return delivered;
}

/** The automatic response normally answers pings; this covers a socket accepted before it was set. */
export function answerPing(socket: WebSocket, message: string | ArrayBuffer) {
  if (message === "ping") socket.send("pong");
}

export function answerClose(socket: WebSocket, code: number) {
  try {
    socket.close(echoCloseCode(code), "closed");
  } catch {
    // Already closed on this side: nothing to answer.
  }
}
