import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Button, Empty, Input, Modal, Pagination, Spin } from 'antd';
import { PictureOutlined } from '@ant-design/icons';
import type { LibraryImage, LibraryResponse } from '@fbo/shared';
import { http, unwrap } from '../../api/http';

const PAGE_SIZE = 12;

/**
 * "From library": the team's image library (GET /api/images, as the Image Library page reads it) in a grid; a click
 * puts the image's address in the slot. Uploading stays the slot's own button (components/upload/ArtworkSlot).
 */
export function LibraryPicker({ label, onPick }: { label: string; onPick: (url: string) => void }) {
  const [open, setOpen] = useState(false);
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const query = useQuery({
    queryKey: ['image-library', 'list', { page, limit: PAGE_SIZE, search }],
    queryFn: async ({ signal }) => unwrap(await http.get<LibraryResponse>('/images', { query: { page, limit: PAGE_SIZE, search: search || undefined }, signal })),
    placeholderData: keepPreviousData,
    enabled: open,
  });
  const images: LibraryImage[] = query.data?.data ?? [];
  const pick = (image: LibraryImage) => {
    onPick(image.url);
    setOpen(false);
  };
  return (
    <>
      <Button icon={<PictureOutlined aria-hidden />} onClick={() => setOpen(true)} aria-label={`From library: ${label}`}>
        From library
      </Button>
      {open ? (
        <Modal open title={`${label}: image library`} footer={null} onCancel={() => setOpen(false)} width={720}>
          <Input.Search aria-label="Search the image library" placeholder="Search by name" allowClear onSearch={(value) => { setSearch(value.trim()); setPage(1); }} style={{ marginBottom: 12 }} />
          {query.isLoading ? <Spin /> : images.length === 0 ? <Empty description="No images in the library" /> : (
            <div style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(120px, 1fr))', gap: 8 }}>
              {images.map((image) => (
                <button key={image.id} type="button" onClick={() => pick(image)} aria-label={`Use ${image.name}`} title={image.name}
                  style={{ border: '1px solid #d9d9d9', borderRadius: 6, padding: 4, background: 'white', cursor: 'pointer' }}>
                  <img src={image.url} alt="" style={{ width: '100%', height: 100, objectFit: 'contain' }} />
                </button>
              ))}
            </div>
          )}
          <Pagination style={{ marginTop: 12 }} size="small" current={page} pageSize={PAGE_SIZE} total={query.data?.total ?? 0} onChange={setPage} showSizeChanger={false} />
        </Modal>
      ) : null}
    </>
  );
}
