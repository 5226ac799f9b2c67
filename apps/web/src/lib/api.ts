import {
  createApi,
  fetchBaseQuery,
  type BaseQueryFn,
  type FetchArgs,
  type FetchBaseQueryError,
  type FetchBaseQueryMeta,
} from '@reduxjs/toolkit/query/react';
import { rememberReturnTo } from './return-to.ts';
import { currentUserData, signOut } from './session.ts';
import { NETWORK_ERROR_MESSAGE, toast } from './toast.ts';
import { refusedWith } from '@servery/contract/error-codes';
import { serverRefusal } from './server-error.ts';

const rawBaseQuery = fetchBaseQuery({
  baseUrl: '/api',
  prepareHeaders(headers) {
    const token = currentUserData()?.token;
    if (token) headers.set('authorization', `Bearer ${token}`);
    return headers;
  },
});

/**
 * One client for /api (architecture.md habit 6). It carries the bearer token from userData, and
 * applies product.md §4 and §8 to every call: a 401 on a customer call signs out and replaces the
 * location with /login; a network failure shows 'Oops! Something went wrong.'. Endpoints mark
 * themselves with `extraOptions: { customer: true }`.
 */
/** Set once a 401 has sent the page to /login (the page is unloading). */
let leavingForLogin = false;

const baseQuery: BaseQueryFn<
  string | FetchArgs,
  unknown,
  FetchBaseQueryError,
  { customer?: boolean },
  FetchBaseQueryMeta
> = async (args, api, extraOptions) => {
  // Signed out, a customer call is not made at all: a refetch racing a sign-out must not answer
  // 401 and send a visitor who chose to sign out to /login.
  if (extraOptions?.customer && !currentUserData()) {
    return { error: { status: 'CUSTOM_ERROR', error: 'Signed out' } };
  }
  const result = await rawBaseQuery(args, api, extraOptions ?? {});
  const error = result.error;
  if (refusedWith(error, 'unauthorized') && extraOptions?.customer) {
    // A page's calls in flight may all answer 401: leave once, or the second replace aborts
    // the first navigation.
    if (!leavingForLogin) {
      leavingForLogin = true;
      signOut();
      rememberReturnTo();
      location.replace('/login');
    }
  } else if (
    error &&
    (error.status === 'FETCH_ERROR' || error.status === 'PARSING_ERROR') &&
    // Called off by the page, not failed: RTK Query aborts a query nobody subscribes to any more
    // (a checkout's first times, asked again with the postcode once the saved address came).
    // Nobody waits for its answer, so there is nothing to say.
    !api.signal.aborted
  ) {
    toast.error(NETWORK_ERROR_MESSAGE);
  }
  return result;
};

export const api = createApi({
  reducerPath: 'api',
  baseQuery,
  tagTypes: ['Config', 'Home', 'Customer'],
  endpoints: () => ({}),
});

/** The server's message from a failed call, for the error toast product.md §8 asks for. */
export function serverMessage(error: unknown): string {
  return serverRefusal(error)?.message ?? NETWORK_ERROR_MESSAGE;
}

/**
 * product.md §8: a non-success answer shows the server's message as an error toast. Network failures
 * already toasted by the client are not toasted twice; 401s listed in `silentOn` stay quiet.
 */
export function toastServerError(error: unknown, { silentOn = [] as number[] } = {}): void {
  const refusal = serverRefusal(error);
  if (!refusal || silentOn.includes(refusal.status)) return;
  // product.md §8: an exception failure is 'Oops! Something went wrong.' (the server logs the rest).
  toast.error(refusal.status >= 500 ? NETWORK_ERROR_MESSAGE : serverMessage(error));
}
