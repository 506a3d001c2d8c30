/**
 * The response schema of a route answering a file (PDF, CSV, XML, ZIP, pkpass): its real media type as OpenAPI 3
 * `content`, so the served description (/docs/json) says what the server sends. Fastify serializes nothing here
 * (the payload is a Buffer or an already-written string), so the schema only describes.
 */
export function fileAnswer(mediaType: string, description: string) {
  return { description, content: { [mediaType]: { schema: { type: 'string', format: 'binary' } } } } as const;
}
