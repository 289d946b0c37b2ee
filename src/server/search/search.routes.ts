import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { catalogueJsonSerializer } from '#server/plugins/trusted-serializer.ts';
import { dataEnvelope, ErrorBodySchema } from '#shared/contracts/common.ts';
import {
  SearchRequestSchema,
  SearchResponseSchema,
  SuggestionSchema,
  SuggestionsQuerySchema,
} from '#shared/contracts/search.ts';
import { searchCatalogue, suggest } from './search.service.ts';

export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/search',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['search'],
        summary: 'Full-text product search with filters, sorting and facet counts (typo and prefix tolerant)',
        body: SearchRequestSchema,
        response: { 200: dataEnvelope(SearchResponseSchema), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: searchCatalogue(await app.catalogue.fresh(), request.body) }),
  );

  app.get(
    '/search/suggestions',
    {
      ...catalogueJsonSerializer,
      schema: {
        tags: ['search'],
        summary: 'Type-ahead suggestions: matching categories, then products',
        querystring: SuggestionsQuerySchema,
        response: { 200: dataEnvelope(z.array(SuggestionSchema)), 400: ErrorBodySchema },
      },
    },
    async (request) => ({ data: suggest(await app.catalogue.fresh(), request.query.q, request.query.limit) }),
  );
};
