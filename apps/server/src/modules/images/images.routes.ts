import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { BANNER_COUNT, MAX_PRODUCT_IMAGE_VARIANT, MAX_SLUG_LENGTH } from '../../images/image-urls.ts';

const slug = z.string().regex(new RegExp(`^[a-z0-9-]{1,${MAX_SLUG_LENGTH}}$`));

function sendSvg(reply: FastifyReply, body: string): FastifyReply {
  return (
    reply
      .header('Content-Type', 'image/svg+xml; charset=utf-8')
      // The picture is a pure function of its URL, so it can be cached for good.
      .header('Cache-Control', 'public, max-age=31536000, immutable')
      .send(body)
  );
}

/** Draws each picture as an SVG document from its URL's parts, which the routes have checked. */
export interface PictureDrawings {
  product(slug: string, variant: number): string;
  category(slug: string): string;
  banner(index: number): string;
}

/** Serves the generated placeholder images behind the URLs of image-urls.ts, as `drawings` draws them. */
export const imageRoutes = (drawings: PictureDrawings) => async (app: FastifyInstance) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/images/products/:slug/:variant.svg',
    {
      schema: {
        params: z.object({
          slug,
          variant: z.coerce.number().int().min(1).max(MAX_PRODUCT_IMAGE_VARIANT),
        }),
        hide: true,
      },
    },
    (request, reply) => sendSvg(reply, drawings.product(request.params.slug, request.params.variant)),
  );

  routes.get(
    '/images/categories/:slug.svg',
    { schema: { params: z.object({ slug }), hide: true } },
    (request, reply) => sendSvg(reply, drawings.category(request.params.slug)),
  );

  routes.get(
    '/images/banners/:index.svg',
    { schema: { params: z.object({ index: z.coerce.number().int().min(1).max(BANNER_COUNT) }), hide: true } },
    (request, reply) => sendSvg(reply, drawings.banner(request.params.index)),
  );
};
