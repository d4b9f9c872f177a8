import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderUi } from '../testing/render';
import { FileDrop } from './FileDrop';

describe('FileDrop', () => {
  it('takes files from the file chooser and refuses those that are too large', async () => {
    const user = userEvent.setup();
    const onFiles = vi.fn();
    const onReject = vi.fn();
    renderUi(<FileDrop multiple maxSize={1024} onFiles={onFiles} onReject={onReject} />);
    const small = new File(['x'], 'list.csv', { type: 'text/csv' });
    const big = new File([new Uint8Array(4096)], 'big.csv', { type: 'text/csv' });
    await user.upload(screen.getByLabelText('choose files'), [small, big]);
    expect(onFiles).toHaveBeenCalledWith([small]);
    expect(onReject).toHaveBeenCalledWith(['big.csv is larger than 1 KB.']);
  });
});
