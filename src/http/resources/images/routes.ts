/**
 * `GET /media/image/{path}`: the bytes of a product or taxon image, by the
 * `path` its owner shows (`ab/cd/<hash>.<ext>`), as Sylius serves uploads
 * under `/media/image/`. Public (no token, like Sylius' web server serving
 * the files), straight from R2: no D1 round trip. A path names its bytes
 * for ever (a new file gets a new path), so the answer is cacheable for a
 * year; `ETag` is R2's, and `If-None-Match` gets a 304.
 */
import { Hono } from "hono";
import type { AppEnv } from "../../context";
import { describeRoute } from "../../openapi/describe";
import { COMMON_HEADERS, json, ref } from "../../openapi/refs";
import { CONTENT_TYPES, IMAGE_PATH } from "./files";
import { IMMUTABLE } from "./staging";

const NOT_FOUND = { code: 404, message: "Image not found." };

const docs = describeRoute({
  operation: () => ({
    tags: ["Images"],
    operationId: "getImage",
    summary: "An image's bytes",
    description:
      "The file of a product or taxon image, by the `path` in its `images` (`/media/image/ab/cd/0123….jpeg`). Public: no token. `Content-Type` from the stored format (PNG, JPEG, GIF, WebP), a strong `ETag`, `Cache-Control: public, max-age=31536000, immutable` (a new upload always gets a new path). `If-None-Match` with the current tag answers 304.",
    security: [],
    parameters: [
      { name: "dir", in: "path", required: true, description: "The path's first two characters.", schema: { type: "string", pattern: "^[0-9a-f]{2}$" }, example: "5e" },
      { name: "subdir", in: "path", required: true, description: "The path's next two characters.", schema: { type: "string", pattern: "^[0-9a-f]{2}$" }, example: "0c" },
      {
        name: "file",
        in: "path",
        required: true,
        description: "The rest of the path: 28 hexadecimal characters and the format's extension.",
        schema: { type: "string", pattern: "^[0-9a-f]{28}\\.(png|jpeg|gif|webp)$" },
        example: "1b2c4d6e8f0a1b2c3d4e5f6a7b8c.jpeg",
      },
    ],
    responses: {
      "200": {
        description: "The image.",
        headers: {
          ...COMMON_HEADERS,
          ETag: { description: "The file's tag.", schema: { type: "string" } },
          "Cache-Control": { description: "`public, max-age=31536000, immutable`.", schema: { type: "string" } },
        },
        content: Object.fromEntries(Object.values(CONTENT_TYPES).map((type) => [type, { schema: { type: "string", format: "binary" } }])),
      },
      "304": { description: "The client's copy (`If-None-Match`) is current.", headers: COMMON_HEADERS },
      "404": { description: "No image has this path (any more).", headers: COMMON_HEADERS, content: json(ref("Error")) },
    },
  }),
});

export const mediaRoutes = new Hono<AppEnv>({ strict: false }).get("/image/:dir/:subdir/:file", docs, async (c) => {
  const path = `${c.req.param("dir")}/${c.req.param("subdir")}/${c.req.param("file")}`;
  if (!IMAGE_PATH.test(path)) return c.json(NOT_FOUND, 404);
  // Only If-None-Match is a condition here (a GET has no precondition to fail).
  const held = c.req.header("If-None-Match");
  const object = await c.var.images.get(path, held ? { onlyIf: new Headers({ "If-None-Match": held }) } : {});
  if (!object) return c.json(NOT_FOUND, 404);
  const extension = path.slice(path.lastIndexOf(".") + 1);
  const headers = new Headers({
    "Content-Type": CONTENT_TYPES[extension] ?? "application/octet-stream",
    ETag: object.httpEtag,
    "Cache-Control": IMMUTABLE,
    "X-Content-Type-Options": "nosniff",
  });
  // `onlyIf` met the client's If-None-Match: R2 sends no body.
  if (!("body" in object)) return new Response(null, { status: 304, headers });
  headers.set("Content-Length", String(object.size));
  return new Response(object.body, { status: 200, headers });
});
