import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default. A screen answers well inside that alone,
// but on a machine shared with other jobs rendering can take longer: 5 s, still inside the
// web project's 15 s per test.
configure({ asyncUtilTimeout: 5_000 });
