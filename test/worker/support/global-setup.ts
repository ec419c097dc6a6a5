// Real servers on loopback for the adapters under test: a Resend-style email API that records requests.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    mailServerUrl: string;
  }
}

export default async function setup(project: TestProject) {
  const captured: unknown[] = [];
  const server = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk) => (body += chunk));
    request.on("end", () => {
      if (request.url === "/__captured") {
        response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(captured));
        return;
      }
      if (request.url === "/fail") {
        response.writeHead(422, { "content-type": "application/json" }).end(JSON.stringify({ message: "Invalid `from` field" }));
        return;
      }
      captured.push({
        method: request.method,
        path: request.url,
        authorization: request.headers.authorization ?? null,
        body: JSON.parse(body || "null"),
      });
      response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify({ id: `email-${captured.length}` }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  project.provide("mailServerUrl", `http://127.0.0.1:${(server.address() as AddressInfo).port}`);
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}
