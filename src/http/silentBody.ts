/**
 * A fetched answer whose body ends in error once its upstream sends nothing for `idleMs`: fetch's
 * own bounds stop at the headers, and a body that stalls (fewer bytes than the length announced,
 * the socket left open) would hold whatever streams it on, and its connection, for as long as the
 * upstream keeps that socket open. Silence counts only while a byte is awaited: a reader slow to
 * take them (a visitor on a slow line) is no stall.
 */
export function endsWhenSilent(response: Response, idleMs: number, silence: () => Error): Response {
  if (!response.body) return response;
  const reader = response.body.getReader();
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(out) {
        let timer: NodeJS.Timeout | undefined;
        const silent = new Promise<never>((_resolve, reject) => {
          timer = setTimeout(() => reject(silence()), idleMs);
        });
        try {
          const next = await Promise.race([reader.read(), silent]);
          if (next.done) out.close();
          else out.enqueue(next.value);
        } catch (error) {
          out.error(error);
          // Ends the upstream's request too, and with it the connection it stalled on.
          await reader.cancel(error).catch(() => undefined);
        } finally {
          clearTimeout(timer);
        }
      },
      cancel: (reason) => reader.cancel(reason),
    },
    // Pulled only when read: the time a reader takes between two reads is not the upstream's.
    { highWaterMark: 0 },
  );
  return new Response(body, { status: response.status, statusText: response.statusText, headers: response.headers });
}
