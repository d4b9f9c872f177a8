import { type EndpointName, getEndpoint, type MessageKey } from '@falcon/api-client';
import { delay, type HttpHandler, HttpResponse, type HttpResponseResolver, http } from 'msw';
import { mswPath } from './route';

interface OverrideOptions {
  baseUrl?: string;
}

const handlerFor = (name: EndpointName, resolver: HttpResponseResolver, options: OverrideOptions = {}) => {
  const endpoint = getEndpoint(name);
  const method = endpoint.method.toLowerCase() as 'get' | 'post' | 'delete';
  return http[method](mswPath(endpoint, options.baseUrl ?? '/api'), resolver);
};

/** A handler for one contract endpoint with your own resolver (an Empty story: `() => HttpResponse.json([])`). */
export const endpointHandler = (
  name: EndpointName,
  resolver: HttpResponseResolver,
  options?: OverrideOptions,
): HttpHandler => handlerFor(name, resolver, options);

/** The endpoint fails with the contract's error body (an Error story). */
export const errorHandler = (
  name: EndpointName,
  status = 500,
  error: MessageKey = status === 404 ? 'not_found' : 'internal_error',
  options?: OverrideOptions,
): HttpHandler =>
  handlerFor(
    name,
    () => HttpResponse.json({ error, message: `mocked ${status} ${error}` }, { status }),
    options,
  );

/** The endpoint never answers (a Loading story). */
export const loadingHandler = (name: EndpointName, options?: OverrideOptions): HttpHandler =>
  handlerFor(
    name,
    async () => {
      await delay('infinite');
      return HttpResponse.json({});
    },
    options,
  );
