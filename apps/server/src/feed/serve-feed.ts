import { Readable } from 'node:stream';
import type { feedRoutes as r } from '@hh/contract/feed';
import { messages } from '@hh/contract/messages';
import type { Caller, Operation } from '../core/operation.ts';
import { answer } from '../core/operation.ts';
import { poolOf } from './pool-of.ts';
import { feedChunks, feedVersion, findFeedClient } from './stream-feed.ts';
import { errorXml } from './xml.ts';

const XML_TYPE = 'application/xml; charset=utf-8';

const xmlError = (status: 401 | 404, message: string) =>
  answer({ status, type: XML_TYPE, headers: { 'cache-control': 'no-cache' }, body: errorXml(status, message) });

/** True when a conditional GET may be answered 304 (RFC 9110 §13.1.2: If-None-Match wins over If-Modified-Since). */
function notModified(headers: Caller['headers'], etag: string, lastModified: Date): boolean {
  const inm = headers['if-none-match'];
  if (typeof inm === 'string' && inm) return inm.split(',').some((t) => t.trim() === '*' || t.trim().replace(/^W\//, '') === etag);
  const ims = headers['if-modified-since'];
  if (typeof ims === 'string' && ims) {
    const since = Date.parse(ims);
    return Number.isFinite(since) && lastModified.getTime() <= since;
  }
  return false;
}

/**
 * The Indeed XML feed (core spec §4 "Feed generation cases", §8 "Feed errors"). Errors are
 * `<error><code/><message/></error>`. A client with no open jobs gets 404 "No data available"
 * in the same format (our decision: nothing to publish is answered like the other "nothing to
 * serve" cases, and a crawler never mistakes it for an empty but valid feed).
 */
export const serveFeed: Operation<typeof r.xml, 'db' | 'config' | 'log'> = async (deps, input) => {
  const slug = input.nameSlug;
  const pool = poolOf(deps.db);
  const publicUrl = deps.config.publicUrl;
  let client: Awaited<ReturnType<typeof findFeedClient>>;
  let version: Awaited<ReturnType<typeof feedVersion>>;
  try {
    client = await findFeedClient(pool, slug);
    if (!client) return xmlError(404, messages.feed.clientNotFound(slug));
    if (!client.aiSearch || client.subscriptions?.media !== true) return xmlError(404, messages.feed.notConfigured(slug));
    version = await feedVersion(pool, client, publicUrl);
  } catch (err) {
    deps.log.error({ err, slug }, 'feed: reading the jobs failed');
    return xmlError(401, messages.feed.fetchFailed(slug));
  }
  if (version.count === 0) return xmlError(404, messages.feed.noData);
  const headers = {
    etag: version.etag,
    'last-modified': version.lastModified.toUTCString(),
    'cache-control': 'public, max-age=0, must-revalidate',
  };
  if (notModified(input.caller.headers, version.etag, version.lastModified)) return answer({ status: 304, headers });
  const stream = Readable.from(feedChunks(pool, { client, publicUrl, lastModified: version.lastModified }), { objectMode: false });
  // Headers are gone by the time a mid-stream read fails: the connection is cut, so a crawler
  // sees a failed fetch rather than a short but valid-looking feed.
  stream.on('error', (err) => deps.log.error({ err, slug }, 'feed: stream failed'));
  return answer({ type: XML_TYPE, headers, body: stream });
};
