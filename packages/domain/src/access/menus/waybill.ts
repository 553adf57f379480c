import type { MenuNode } from '../types';

/** 运单管理 (car11): waybill entry and the waybill list with its detail, edit and receipt pages. */
export const waybillMenu: MenuNode = {
  path: '/waybill',
  title: '运单管理',
  code: 'car11',
  icon: 'FileTextOutlined',
  children: [
    {
      path: '/waybill/manage',
      title: '运单中心',
      code: 'car1101',
      children: [
        {
          path: '/smart-coal/wayBill-create',
          title: '创建运单',
          code: 'car110101',
          noCache: true,
          page: 'waybills/WaybillCreatePage',
        },
        {
          path: '/smart-coal/wayBill-tabulation',
          title: '运单列表',
          code: 'car110102',
          page: 'waybills/WaybillsPage',
          children: [
            {
              path: '/smart-coal/wayBill-detail',
              title: '运单详情',
              code: 'car110102',
              hidden: true,
              page: 'waybills/WaybillDetailPage',
            },
            {
              path: '/smart-coal/wayBill-edit',
              title: '编辑运单',
              code: 'car110102',
              hidden: true,
              noCache: true,
              page: 'waybills/WaybillEditPage',
            },
            {
              path: '/smart-coal/wayBill-create-back',
              title: '回单录入',
              code: 'car110102',
              hidden: true,
              noCache: true,
              page: 'waybills/WaybillBackPage',
            },
            {
              path: '/smart-coal/wayBill-edit-back',
              title: '回单编辑',
              code: 'car110102',
              hidden: true,
              noCache: true,
              page: 'waybills/WaybillBackPage',
            },
          ],
        },
      ],
    },
  ],
};
