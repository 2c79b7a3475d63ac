import { api } from '@paydesk/shared/api/api-slice';
import { cardsResponse, cardStatusResponse, type CardsResponse, type CardStatus, type PoolCard } from '@paydesk/shared/schemas/card';
import { cardListCall, type CardFilters } from '../model/card-filters';

/**
 * The card pool's list and status calls (CARD-08). One file for both: the status change
 * writes the server's card into the cached pages that hold it. The list is a GET, or a POST when
 * the search could be a card number (cardListCall).
 */
const cardsApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCards: build.query<CardsResponse, CardFilters>({
      query: cardListCall,
      transformResponse: (body: unknown) => cardsResponse.parse(body),
      providesTags: (result) => [
        { type: 'Card', id: 'LIST' },
        ...(result?.data ?? []).map((card) => ({ type: 'Card' as const, id: card.id })),
      ],
    }),
    setCardStatus: build.mutation<PoolCard, { id: number; status: CardStatus }>({
      query: ({ id, status }) => ({ url: `/backend/cards/${id}/status`, method: 'POST', body: { status } }),
      transformResponse: (body: unknown) => cardStatusResponse.parse(body).data,
      // CARD-06: the change shows once the server accepts it, never before.
      async onQueryStarted(_args, { dispatch, getState, queryFulfilled }) {
        let card: PoolCard;
        try {
          card = (await queryFulfilled).data;
        } catch {
          return;
        }
        for (const filters of cardsApi.util.selectCachedArgsForQuery(getState(), 'getCards')) {
          dispatch(
            cardsApi.util.updateQueryData('getCards', filters, (page) => {
              const at = page.data.findIndex((c) => c.id === card.id);
              if (at >= 0) page.data[at] = card;
            }),
          );
        }
      },
      invalidatesTags: (_result, error, { id }) => (error ? [] : [{ type: 'Card', id }]),
    }),
  }),
});

export const { useGetCardsQuery, useSetCardStatusMutation } = cardsApi;
