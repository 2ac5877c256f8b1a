// Docker's HEALTHCHECK: liveness of the API (PORT) or, failing that, of the worker (WORKER_PORT).
// Node's own fetch: the slim image has no curl.
const ports = [process.env.PORT || '3000', process.env.WORKER_PORT || '3001'];
for (const port of ports) {
  try {
    const response = await fetch(`http://127.0.0.1:${port}/api/health/live`, {
      signal: AbortSignal.timeout(2000),
    });
    if (response.ok) process.exit(0);
  } catch {
    // Nothing listens on this port in this container: try the next.
  }
}
process.exit(1);
