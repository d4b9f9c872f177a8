import type { BarcodeListDetail, ExportJob, InventoryListDetail } from '@falcon/api-client';
import type { Dataset, DatasetBranchMap, DatasetDocument, DatasetImage } from '@falcon/demo-data';

interface StoredFile {
  filename: string;
  contentType: string;
  content: Uint8Array;
}

export interface StoredBarcodeList extends BarcodeListDetail {
  file: StoredFile;
  fingerprint: string;
}
export interface StoredInventoryList extends InventoryListDetail {
  file: StoredFile;
  fingerprint: string;
}
export interface StoredExport extends ExportJob {
  owner: string;
  file: StoredFile | null;
}

/** What was uploaded or produced: documents, gallery images, branch maps, barcode and inventory lists, exports. */
export class FileStore {
  readonly documents: Map<string, DatasetDocument>;
  images: DatasetImage[];
  readonly branchMaps: Map<string, DatasetBranchMap>;
  barcodeLists: StoredBarcodeList[] = [];
  inventoryLists: StoredInventoryList[] = [];
  readonly exports: StoredExport[] = [];

  constructor(dataset: Dataset) {
    this.documents = new Map(dataset.documents.map((doc) => [doc.id, doc]));
    this.images = [...dataset.images];
    this.branchMaps = new Map(dataset.branchMaps.map((m) => [m.branchCode, m]));
  }
}
