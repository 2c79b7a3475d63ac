// The jsdom projects' expect also says what a DOM test means: toBeInTheDocument, toBeDisabled,
// toHaveValue, toHaveTextContent and the rest of Testing Library's matchers.
require('@testing-library/jest-dom');
