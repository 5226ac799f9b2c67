import { STAFF_SIGNED_IN_COOKIE } from '@servery/contract/staff-roles';

// A web test's browser holds a staff session's readable hint (decision 83), as a signed-in
// tablet does: the staff application asks the server who is signed in only then, and the staff
// screens' tests answer that on their wire. A test of a browser that never signed in, or that
// signs out, takes it away as the server would (admin-app.test.tsx).
document.cookie = `${STAFF_SIGNED_IN_COOKIE}=1; path=/`;
