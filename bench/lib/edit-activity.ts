/** PATCHes an activity's name over REST: a new version of its user's activities, so nothing kept answers the next read. */
export async function editActivityName(url: string, headers: Record<string, string>, activityId: number, name: string): Promise<void> {
  const res = await fetch(`${url}/api/v1/activities/${activityId}`, {
    method: 'PATCH',
    headers: { ...headers, 'content-type': 'application/json' },
    body: JSON.stringify({ name }),
  });
  if (res.status !== 200) throw new Error(`PATCH: ${res.status} ${await res.text()}`);
}

/** Milliseconds of `rounds` GETs of `path`, each right after an edit of the activity (nothing kept answers it), one at a time, sorted. */
export async function coldReadTimes(url: string, path: string, headers: Record<string, string>, activityId: number, rounds: number): Promise<number[]> {
  const times: number[] = [];
  for (let round = 0; round < rounds; round++) {
    await editActivityName(url, headers, activityId, `Edited ${round}`);
    const started = performance.now();
    const res = await fetch(url + path, { headers });
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`${path}: ${res.status}`);
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}
