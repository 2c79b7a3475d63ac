import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithProviders, sessionOf, testUsers } from '@paydesk/shared/testing/render';
import { fakeUploadXhr, fileNamed } from '@paydesk/shared/testing/fake-upload-xhr';
import { UploadCardsDialog } from './upload-cards-dialog';

// A file of its own: notistack keeps queued toasts of earlier tests in module state.
test('a 401 ends the session like every back-office call: the Unauthorized toast, no Upload Failed', async () => {
  const xhr = fakeUploadXhr({ status: 401, body: { status: 'error', message: 'Unauthorized' } });
  localStorage.setItem('token', 'test-token');
  const { store } = renderWithProviders(<UploadCardsDialog onClose={jest.fn()} />, { preloadedState: sessionOf(testUsers.admin) });
  const user = userEvent.setup();
  await user.upload(screen.getByLabelText('Excel file'), fileNamed('cards.xlsx'));
  await user.click(screen.getByRole('button', { name: 'Upload' }));
  await waitFor(() => expect(store.getState().session.user).toBeNull());
  expect(localStorage.getItem('token')).toBeNull();
  expect(await screen.findByText('Your session has expired. Please log in again.')).toBeInTheDocument();
  expect(screen.getAllByTestId('toast')).toHaveLength(1);
  expect(screen.queryByText('Upload Failed')).not.toBeInTheDocument();
  xhr.restore();
});
