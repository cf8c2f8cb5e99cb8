import { useEffect, type ReactNode } from 'react';
import { Button, Tooltip } from 'antd';
import {
  BoldOutlined, ItalicOutlined, OrderedListOutlined, RedoOutlined, StrikethroughOutlined, UnderlineOutlined, UndoOutlined, UnorderedListOutlined,
} from '@ant-design/icons';
import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import './rich-text.css';

interface Props {
  id: string;
  /** The visible label's text: the editable area is named by it. */
  label: string;
  value?: string;
  onChange?: (html: string) => void;
}

/** An empty editor still holds `<p></p>`: the required rule checks for text, not markup. */
export const isBlankHtml = (html: string | undefined) => !(html ?? '').replace(/<[^>]*>/g, '').replace(/&nbsp;/g, ' ').trim();

function ToolButton({ label, icon, active, disabled, onClick }: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; onClick: () => void }) {
  return (
    <Tooltip title={label}>
      <Button size="small" type={active ? 'primary' : 'text'} aria-label={label} aria-pressed={active} disabled={disabled} icon={icon} onClick={onClick} />
    </Tooltip>
  );
}

function Toolbar({ editor }: { editor: Editor }) {
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) => ({
      bold: e.isActive('bold'),
      italic: e.isActive('italic'),
      underline: e.isActive('underline'),
      strike: e.isActive('strike'),
      bullet: e.isActive('bulletList'),
      ordered: e.isActive('orderedList'),
      canUndo: e.can().undo(),
      canRedo: e.can().redo(),
    }),
  });
  const chain = () => editor.chain().focus();
  return (
    <div className="rich-text-toolbar" role="toolbar" aria-label="Formatting">
      <ToolButton label="Bold" icon={<BoldOutlined />} active={state.bold} onClick={() => chain().toggleBold().run()} />
      <ToolButton label="Italic" icon={<ItalicOutlined />} active={state.italic} onClick={() => chain().toggleItalic().run()} />
      <ToolButton label="Underline" icon={<UnderlineOutlined />} active={state.underline} onClick={() => chain().toggleUnderline().run()} />
      <ToolButton label="Strikethrough" icon={<StrikethroughOutlined />} active={state.strike} onClick={() => chain().toggleStrike().run()} />
      <ToolButton label="Bullet list" icon={<UnorderedListOutlined />} active={state.bullet} onClick={() => chain().toggleBulletList().run()} />
      <ToolButton label="Numbered list" icon={<OrderedListOutlined />} active={state.ordered} onClick={() => chain().toggleOrderedList().run()} />
      <ToolButton label="Undo" icon={<UndoOutlined />} disabled={!state.canUndo} onClick={() => chain().undo().run()} />
      <ToolButton label="Redo" icon={<RedoOutlined />} disabled={!state.canRedo} onClick={() => chain().redo().run()} />
    </div>
  );
}

/**
 * The template body editor (TipTap), usable as a Form.Item control. Links already in a template
 * (`<a href="{{link}}">`) are kept; there is no button to add new ones (the variables carry them).
 */
export function RichTextEditor({ id, label, value, onChange }: Props) {
  const editor = useEditor({
    extensions: [StarterKit.configure({ link: { openOnClick: false, autolink: false, linkOnPaste: false } })],
    content: value ?? '',
    editorProps: {
      attributes: { id, role: 'textbox', 'aria-multiline': 'true', 'aria-label': label },
    },
    onUpdate: ({ editor: e }) => onChange?.(isBlankHtml(e.getHTML()) ? '' : e.getHTML()),
  });

  // The form may set the value after mount (template loaded); typing never comes back here changed.
  useEffect(() => {
    if (editor && value !== undefined && value !== editor.getHTML() && !(isBlankHtml(value) && editor.isEmpty)) {
      editor.commands.setContent(value, { emitUpdate: false });
    }
  }, [editor, value]);

  return (
    <div className="rich-text">
      {editor ? <Toolbar editor={editor} /> : null}
      <EditorContent className="rich-text-content" editor={editor} />
    </div>
  );
}
