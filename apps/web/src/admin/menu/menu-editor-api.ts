import type {
  CategoryCreate,
  CategoryEdit,
  EditableCategory,
  EditableItem,
  EditableMenu,
  ItemCreate,
  ItemEdit,
  PhotoAnswer,
} from '@servery/contract/menu-editor';
import { adminApi } from '../admin-api.ts';

/** A save names the version it was made from; a stale one answers 409 with `current`. */
const ifMatch = (version: number) => ({ 'if-match': `"${version}"` });

/** The menu editor's calls (issue 28). */
const menuEditorApi = adminApi.injectEndpoints({
  endpoints: (build) => ({
    editorMenu: build.query<EditableMenu, string | undefined>({
      query: (storeId) => (storeId ? `/menu?store_id=${storeId}` : '/menu'),
      transformResponse: (body: { data: EditableMenu }) => body.data,
      providesTags: ['Menu'],
    }),
    addCategory: build.mutation<EditableCategory, CategoryCreate>({
      query: (body) => ({ url: '/categories', method: 'POST', body }),
      transformResponse: (body: { data: EditableCategory }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    editCategory: build.mutation<
      EditableCategory,
      { id: string; version: number; patch: CategoryEdit }
    >({
      query: ({ id, version, patch }) => ({
        url: `/categories/${id}`,
        method: 'PATCH',
        body: patch,
        headers: ifMatch(version),
      }),
      transformResponse: (body: { data: EditableCategory }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    deleteCategory: build.mutation<EditableCategory, { id: string; version: number }>({
      query: ({ id, version }) => ({
        url: `/categories/${id}`,
        method: 'DELETE',
        headers: ifMatch(version),
      }),
      transformResponse: (body: { data: EditableCategory }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    addItem: build.mutation<EditableItem, ItemCreate>({
      query: (body) => ({ url: '/items', method: 'POST', body }),
      transformResponse: (body: { data: EditableItem }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    editItem: build.mutation<EditableItem, { id: string; version: number; patch: ItemEdit }>({
      query: ({ id, version, patch }) => ({
        url: `/items/${id}`,
        method: 'PATCH',
        body: patch,
        headers: ifMatch(version),
      }),
      transformResponse: (body: { data: EditableItem }) => body.data,
      invalidatesTags: ['Menu'],
    }),
    uploadPhoto: build.mutation<PhotoAnswer, { id: string; file: File }>({
      query: ({ id, file }) => {
        const form = new FormData();
        form.append('photo', file);
        return { url: `/items/${id}/photo`, method: 'POST', body: form };
      },
      transformResponse: (body: { data: PhotoAnswer }) => body.data,
      invalidatesTags: ['Menu'],
    }),
  }),
});

export const {
  useEditorMenuQuery,
  useAddCategoryMutation,
  useEditCategoryMutation,
  useDeleteCategoryMutation,
  useAddItemMutation,
  useEditItemMutation,
  useUploadPhotoMutation,
} = menuEditorApi;
