import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

/** Labels of container and article fields and of the detail sections (spec section 3). */
export function useFieldLabels(): Record<string, string> {
  const { t } = useTranslation('location');
  return useMemo(
    () => ({
      masterdata: t('sections.masterdata'),
      containerdata: t('sections.containerdata'),
      statistics: t('sections.statistics'),
      delivery: t('sections.delivery'),
      attachments: t('sections.attachments'),
      code: t('fields.code'),
      placeCode: t('fields.placeCode'),
      shelfCode: t('fields.shelfCode'),
      rackCode: t('fields.rackCode'),
      error: t('fields.error'),
      weight: t('fields.weight'),
      deliveryStatus: t('fields.deliveryStatus'),
      reachInWeeks: t('fields.reachInWeeks'),
      consumption: t('fields.consumption'),
      annualConsumption: t('fields.annualConsumption'),
      stockTurnRate: t('fields.stockTurnRate'),
      customerPartNumber: t('fields.customerPartNumber'),
      position: t('fields.position'),
      numberOfScans: t('fields.numberOfScans'),
      obligatory: t('fields.obligatory'),
      deliveryNoteDate: t('fields.deliveryNoteDate'),
      deliveryNoteNumber: t('fields.deliveryNoteNumber'),
      picture: t('fields.picture'),
      expectedDeliveryDate: t('fields.expectedDeliveryDate'),
      fillingQuantity: t('fields.fillingQuantity'),
      price: t('fields.price'),
      packagingUnit: t('fields.packagingUnit'),
      lastScannedDate: t('fields.lastScannedDate'),
      containerType: t('fields.containerType'),
      width: t('fields.width'),
      charge: t('fields.charge'),
      orderNumber: t('fields.orderNumber'),
      articleCertificate: t('fields.articleCertificate'),
      articleName: t('fields.articleName'),
      articleCode: t('fields.articleCode'),
      sticker: t('fields.sticker'),
      document: t('fields.document'),
      storageCoordinate: t('fields.storageCoordinate'),
      storageDescription: t('fields.storageDescription'),
      barcode: t('fields.barcode'),
      // Article fields that differ from the container's names.
      name: t('fields.articleName'),
      certificate: t('fields.articleCertificate'),
      drawing: t('fields.drawing'),
      image: t('fields.image'),
      documents: t('fields.documents'),
    }),
    [t],
  );
}
