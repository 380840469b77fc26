/**
 * An image as its owner shows it (AdminApiBundle's Model.Image.yml, the
 * `Default` and `Detailed` groups): `{id, type, path}`, `type` left out when
 * it has none (JMS leaves out nulls). `path` is relative to `/media/image/`.
 */
import { z } from "zod";
import { groupBy } from "../../../data/collections";
import type { ImageRow } from "../../../data/queries/images";
import { component, int } from "../../openapi/common";

export interface ImageView {
  id: number;
  type?: string;
  path: string;
}

export const serializeImage = (row: ImageRow): ImageView => ({ id: row.id, ...(row.type === null ? {} : { type: row.type }), path: row.path });

/** The images of each owner, by owner id, in position order. */
export const imagesByOwner = (rows: readonly ImageRow[]): ReadonlyMap<number, ImageView[]> =>
  new Map([...groupBy(rows, (row) => row.ownerId)].map(([owner, images]) => [owner, images.map(serializeImage)]));

export const Image = component(
  "Image",
  z.object({
    id: int(),
    type: z.string().optional().meta({ description: "What the image is for (free text, at most 255 characters); left out when none." }),
    path: z.string().meta({ description: "Where its file is: `GET /media/image/{path}`.", examples: ["3f/0c/5e8a1b2c4d6e8f0a1b2c3d4e5f6a.jpeg"] }),
  }),
  "A product's or taxon's image (Sylius 1.8's Model.Image.yml).",
);
