import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Empty, Pagination, Spin } from 'antd';
import type { LibraryImage } from '@fbo/shared';
import { LIMITS } from '@fbo/shared/domain/limits';
import { MSG } from '@fbo/shared/domain/messages';
import { failureMessage } from '../../../api/http';
import { FilterBar, FilterField } from '../../../components/FilterBar';
import { PageHeader } from '../../../components/PageHeader';
import { SearchBox } from '../../../components/SearchBox';
import { useListParams } from '../../../hooks/useListParams';
import { deleteImage, imageLibraryKeys, imageLibraryQuery } from '../image-library.api';
import { ImageCard } from './ImageCard';
import { ImageUploadArea } from './ImageUploadArea';
import './image-library.css';

const NO_FILTERS = [] as const;

/** The image library of the signed-in agency or seller team (the server picks the tenant). */
export function ImageLibraryPage() {
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const list = useListParams(NO_FILTERS);
  const query = useQuery(imageLibraryQuery({ page: list.page, limit: list.limit, search: list.search || undefined }));
  const refresh = () => void queryClient.invalidateQueries({ queryKey: imageLibraryKeys.all });

  const copyLink = async (image: LibraryImage) => {
    // Stored links are relative on the local disk driver: copy an address that works anywhere.
    const link = new URL(image.url, window.location.origin).toString();
    try {
      await navigator.clipboard.writeText(link);
      void message.success('Copy to clipboard');
    } catch {
      void message.error(MSG.serverError);
    }
  };

  const confirmDelete = (image: LibraryImage) => {
    modal.confirm({
      title: 'Are you sure to delete this?',
      okText: 'Yes',
      cancelText: 'No',
      onOk: async () => {
        try {
          void message.success(await deleteImage(image.id));
          refresh();
        } catch (error) {
          void message.error(failureMessage(error) ?? MSG.serverError);
        }
      },
      onCancel: () => void message.info('Cancel action!'),
    });
  };

  const answer = query.data;
  const images = answer?.data ?? [];
  return (
    <>
      <PageHeader title="Image Library" />
      <ImageUploadArea onAdded={refresh} />
      <FilterBar>
        <FilterField id="image-search" label="Search">
          <SearchBox id="image-search" value={list.search} onSearch={(search) => list.update({ search })} placeholder="File name" />
        </FilterField>
      </FilterBar>
      {query.isError ? <Alert type="error" showIcon title={MSG.serverError} /> : null}
      <Spin spinning={query.isFetching}>
        {images.length > 0 ? (
          <ul className="image-grid" aria-label="Images" style={{ listStyle: 'none', padding: 0 }}>
            {images.map((image) => (
              <li key={image.id}>
                <ImageCard image={image} onCopy={copyLink} onDelete={confirmDelete} />
              </li>
            ))}
          </ul>
        ) : (
          <Empty style={{ margin: '32px 0' }} description={query.isPending ? 'Loading…' : 'No data'} />
        )}
      </Spin>
      {answer && answer.total > 0 ? (
        <div className="image-library-pager">
          <Pagination
            current={list.page}
            pageSize={list.limit}
            total={answer.total}
            pageSizeOptions={LIMITS.pageSizes.map(String)}
            showSizeChanger
            onChange={(page, limit) => list.update({ page, limit })}
          />
        </div>
      ) : null}
    </>
  );
}
