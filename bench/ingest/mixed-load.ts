import autocannon from 'autocannon';

// Reads while uploads parse: GET /activities/{id} under CONNECTIONS connections, first on a quiet
// server, then while one client uploads a large file back to back. The ratio of the two p99s is
// what an upload costs every other request (≤ 1.5×).

const CONNECTIONS = 10;

export interface MixedLoad {
  quietP99: number;
  loadedP99: number;
  uploads: number;
  reads: number;
}

async function readP99(url: string, token: string, seconds: number): Promise<{ p99: number; reads: number }> {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: seconds,
    headers: { authorization: `Bearer ${token}`, 'x-client-type': 'mobile' },
  });
  if (result.non2xx || result.errors) throw new Error(`reads: ${result.non2xx} non-2xx answers, ${result.errors} errors`);
  return { p99: result.latency.p99, reads: result.requests.total };
}

export async function mixedLoad(readUrl: string, token: string, seconds: number, upload: () => Promise<unknown>): Promise<MixedLoad> {
  await readP99(readUrl, token, 2); // warm-up
  const quiet = await readP99(readUrl, token, seconds);
  let uploading = true;
  let uploads = 0;
  const uploader = (async () => {
    while (uploading) {
      await upload();
      uploads++;
    }
  })();
  // the first upload is under way before the reads start
  await new Promise((r) => setTimeout(r, 200));
  const loaded = await readP99(readUrl, token, seconds);
  uploading = false;
  await uploader;
  return { quietP99: quiet.p99, loadedP99: loaded.p99, uploads, reads: loaded.reads };
}
