import { distanceKm } from '../../simulator/geo';

/**
 * The demo lines: real Chinese truck routes as WGS-84 polylines that follow the highways and city
 * roads (a point every few km), with their named stations. The demo fleet simulator drives them;
 * the line master data reuses them (stations in order: start, waypoints, end).
 *
 * Paths are written as `lng,lat[,altitude m]` points; altitudes between the given ones are
 * interpolated along the road. Road pieces shared by several lines are written once.
 */

export type DemoLineKind = 'coal' | 'trunk' | 'city';

/** What happens at a station: coal or goods loaded, unloaded, a highway service area, a city depot or shop. */
export type DemoStationRole = 'loading' | 'unloading' | 'service' | 'depot' | 'store';

export interface DemoStation {
  name: string;
  role: DemoStationRole;
  lng: number;
  lat: number;
  /** Province, city and district, as an address reads. */
  address: string;
  /** Fence radius in metres. */
  radius: number;
  /** Diesel (or charging) is to be had there. */
  fuel: boolean;
}

export interface DemoPathPoint {
  lng: number;
  lat: number;
  /** Metres above sea level. */
  alt: number;
}

export interface DemoLine {
  /** Stable key, e.g. 'coal-dongsheng-tianjin'. */
  code: string;
  name: string;
  kind: DemoLineKind;
  /** Highways (national numbers) or city roads the line uses, in order. */
  roads: string[];
  /** Driving distance of the real route by road, km (what a navigation service gives). */
  roadKm: number;
  /** City rounds end where they started and are driven again; other lines are driven there and back. */
  loop: boolean;
  /** In driving order; the first is the start, the last the end (for a loop, the start again). */
  stations: DemoStation[];
  path: DemoPathPoint[];
}

interface RawPoint {
  lng: number;
  lat: number;
  alt: number | undefined;
}

function parse(text: string): RawPoint[] {
  return text
    .trim()
    .split(/\s+/)
    .map((token) => {
      const [lng, lat, alt] = token.split(',').map(Number);
      if (lng === undefined || lat === undefined || Number.isNaN(lng) || Number.isNaN(lat)) {
        throw new Error(`demo lines: bad point "${token}"`);
      }
      return { lng, lat, alt };
    });
}

/** Road pieces joined end to start; each piece must begin where the previous one ended. */
function join(...pieces: string[]): RawPoint[] {
  const points: RawPoint[] = [];
  for (const piece of pieces) {
    const next = parse(piece);
    const last = points[points.length - 1];
    const first = next[0];
    if (last && first) {
      if (last.lng !== first.lng || last.lat !== first.lat) {
        throw new Error(`demo lines: piece starting at ${first.lng},${first.lat} does not join`);
      }
      if (last.alt === undefined) last.alt = first.alt;
      next.shift();
    }
    points.push(...next);
  }
  return points;
}

/** Fills the missing altitudes linearly along the road between the given ones. */
function withAltitudes(raw: RawPoint[]): DemoPathPoint[] {
  const km: number[] = [0];
  for (let i = 1; i < raw.length; i++) {
    const a = raw[i - 1] as RawPoint;
    const b = raw[i] as RawPoint;
    km.push((km[i - 1] as number) + distanceKm(a.lng, a.lat, b.lng, b.lat));
  }
  const known = raw.flatMap((p, i) => (p.alt === undefined ? [] : [i]));
  const firstKnown = known[0];
  const lastKnown = known[known.length - 1];
  if (firstKnown !== 0 || lastKnown !== raw.length - 1) {
    throw new Error('demo lines: the first and last point of a path need an altitude');
  }
  return raw.map((p, i) => {
    if (p.alt !== undefined) return { lng: p.lng, lat: p.lat, alt: p.alt };
    const after = known.find((k) => k > i) as number;
    const before = known.filter((k) => k < i).pop() as number;
    const a = raw[before]?.alt as number;
    const b = raw[after]?.alt as number;
    const f = ((km[i] as number) - (km[before] as number)) / ((km[after] as number) - (km[before] as number));
    return { lng: p.lng, lat: p.lat, alt: Math.round(a + (b - a) * f) };
  });
}

function station(
  name: string,
  role: DemoStationRole,
  lngLat: string,
  address: string,
  options: { radius?: number; fuel?: boolean } = {},
): DemoStation {
  const [lng = 0, lat = 0] = lngLat.split(',').map(Number);
  const radius = options.radius ?? (role === 'store' ? 150 : role === 'service' ? 300 : 500);
  const fuel = options.fuel ?? (role === 'service' || role === 'depot');
  return { name, role, lng, lat, address, radius, fuel };
}

// --- Road pieces -------------------------------------------------------------------------------

/** G65 包茂高速: 鄂尔多斯东胜 north over the Ordos plateau, down to the Yellow River, to 包头东. */
const G65_DONGSHENG_BAOTOU = `
  110.015,39.858,1440 110.022,39.900,1420 110.030,39.945,1390 110.035,39.990,1350
  110.040,40.035,1310 110.043,40.080,1270 110.045,40.125,1220 110.046,40.170,1170
  110.046,40.215,1120 110.045,40.260,1080 110.046,40.305,1050 110.050,40.350,1030
  110.056,40.395,1015 110.062,40.440,1010 110.066,40.485,1005 110.070,40.520,1003
  110.080,40.550,1010 110.100,40.570,1015`;

/** G6 京藏高速: 包头东 east along the 土默川 plain below the 大青山, past 萨拉齐 and 毕克齐, to 呼和浩特东. */
const G6_BAOTOU_HOHHOT = `
  110.100,40.570,1015 110.160,40.572 110.220,40.575 110.280,40.578 110.340,40.582
  110.400,40.586,1005 110.460,40.590 110.520,40.594,1010 110.580,40.598 110.640,40.603
  110.700,40.610,1015 110.760,40.620 110.820,40.633 110.880,40.648,1020 110.940,40.664
  111.000,40.680 111.060,40.697,1030 111.120,40.713 111.170,40.722,1040 111.230,40.718
  111.290,40.715,1045 111.350,40.725 111.410,40.737 111.470,40.747,1050 111.530,40.753
  111.590,40.752 111.650,40.748,1050 111.710,40.755 111.770,40.770,1060 111.830,40.795,1070`;

/** G6: up the 大黑河 valley past 旗下营 and 卓资, over the 卓资山 ridge to 集宁 (乌兰察布). */
const G6_HOHHOT_JINING = `
  111.830,40.795,1070 111.890,40.815,1090 111.950,40.828,1120 112.010,40.836,1160
  112.070,40.846 112.130,40.858,1200 112.190,40.868 112.250,40.876,1250 112.310,40.882
  112.370,40.884,1300 112.430,40.886 112.490,40.889,1340 112.550,40.893,1360 112.610,40.906
  112.670,40.925,1450 112.730,40.945 112.790,40.963,1550 112.850,40.980,1580 112.910,40.995
  112.970,41.010,1500 113.030,41.022 113.090,41.030,1420`;

/** G6: 集宁 south to 察右前旗, east past 兴和, down into Hebei at 西洋河 to 怀安. */
const G6_JINING_HUAIAN = `
  113.090,41.030,1420 113.130,40.985 113.170,40.940,1400 113.200,40.890 113.220,40.840,1380
  113.240,40.790,1360 113.300,40.782 113.360,40.785,1330 113.420,40.792 113.480,40.800,1300
  113.540,40.808 113.600,40.815,1260 113.660,40.825 113.720,40.838,1220 113.780,40.848
  113.840,40.850,1170 113.895,40.820 113.950,40.790,1100 114.005,40.760 114.060,40.730,1000
  114.120,40.712 114.180,40.700,930 114.240,40.692 114.300,40.686,870 114.380,40.680,830`;

/** G6: 怀安 past 万全 and 张家口 to 沙岭子. */
const G6_HUAIAN_SHALINGZI = `
  114.380,40.680,830 114.440,40.695 114.500,40.710,790 114.560,40.725 114.620,40.740,770
  114.680,40.752 114.740,40.760,750 114.800,40.760 114.860,40.752,720 114.920,40.730
  114.975,40.690,690`;

/** G6: down the 洋河 and 桑干河 valleys (宣化, 下花园, 沙城), over 八达岭 and down the 关沟 to 南口 and 北六环. */
const G6_SHALINGZI_BEIJING = `
  114.975,40.690,690 115.030,40.655 115.085,40.620,620 115.140,40.585 115.195,40.550,590
  115.245,40.520 115.290,40.500,560 115.330,40.478 115.370,40.458,530 115.430,40.440
  115.490,40.425,500 115.545,40.410,490 115.600,40.392 115.655,40.375,480 115.715,40.370
  115.780,40.372,490 115.840,40.395 115.900,40.420,540 115.950,40.395,580 115.995,40.362,640
  116.035,40.330,520 116.065,40.300,380 116.100,40.268,230 116.135,40.238,110 116.175,40.212,80
  116.215,40.190,60 116.250,40.162,50 116.275,40.140,45`;

/** 六环: the northern ring from the 京藏 junction east to 顺义, then south through 宋庄 to 台湖. */
const RING6_NORTH_EAST = `
  116.275,40.140,45 116.335,40.150 116.395,40.155,40 116.455,40.150 116.515,40.140,35
  116.570,40.125 116.620,40.105,32 116.665,40.075 116.700,40.040,28 116.725,40.000
  116.735,39.955,24 116.740,39.910 116.725,39.865,22 116.680,39.840 116.630,39.830,23`;

/** S15 京津高速: 台湖 south-east past 永乐店, 武清 and 东丽 to 塘沽, over the 海河 to the 南疆 coal terminals. */
const JINGJIN_TAIHU_NANJIANG = `
  116.630,39.830,23 116.670,39.792 116.710,39.755,20 116.750,39.720 116.790,39.685,17
  116.835,39.650 116.880,39.615,14 116.925,39.580 116.970,39.545,11 117.015,39.510
  117.060,39.475,9 117.105,39.440 117.150,39.400,8 117.190,39.360 117.230,39.318,6
  117.270,39.276 117.310,39.235,5 117.350,39.195 117.400,39.160,4 117.455,39.128
  117.510,39.100,3 117.565,39.072 117.620,39.045,3 117.665,39.020,3 117.705,38.998
  117.745,38.980,3 117.790,38.965,3`;

/** 准格尔旗: from the 黑岱沟 open pit past 薛家湾, over the Yellow River at 喇嘛湾, through 清水河 and 右玉, 左云 to 大同. */
const ZHUNGEER_DATONG = `
  111.300,39.800,1150 111.280,39.845,1180 111.275,39.890,1200 111.300,39.935,1150
  111.335,39.975,1080 111.380,40.005,1010 111.420,40.015,990 111.470,40.000,1080
  111.525,39.975,1200 111.580,39.950,1280 111.640,39.930,1300 111.700,39.935 111.760,39.948,1380
  111.820,39.962 111.880,39.978,1420 111.940,39.992 112.000,40.003,1450 112.060,40.010
  112.120,40.012,1420 112.180,40.010 112.240,40.005,1400 112.300,40.000 112.360,39.995,1380
  112.420,39.990 112.470,39.990,1370 112.530,39.998 112.590,40.006,1330 112.650,40.012
  112.705,40.015,1300 112.765,40.020 112.825,40.025,1250 112.885,40.030 112.945,40.036,1180
  113.005,40.042 113.065,40.050,1120 113.125,40.062 113.180,40.078,1060`;

/** 宣大高速: round the north of 大同, down the 桑干河 plain past 阳高 and 天镇, up the 洋河 to 怀安. */
const DATONG_HUAIAN = `
  113.180,40.078,1060 113.240,40.105 113.300,40.125,1050 113.360,40.148 113.420,40.175,1040
  113.480,40.208 113.540,40.242,1030 113.600,40.276 113.660,40.310,1020 113.710,40.340
  113.750,40.362,1010 113.810,40.375 113.870,40.388,1020 113.930,40.400 113.990,40.410,1030
  114.045,40.416 114.095,40.425,1040 114.140,40.465 114.185,40.505,1000 114.230,40.545
  114.275,40.585,940 114.320,40.625 114.350,40.655,880 114.380,40.680,830`;

/** 南六环 from 大兴 west to the G4 junction at 良乡, then G4 京港澳高速 south through 涿州, 保定, 定州 to 石家庄. */
const G4_DAXING_SHIJIAZHUANG = `
  116.318,39.702,38 116.280,39.712 116.240,39.718,42 116.200,39.722 116.165,39.722,45
  116.130,39.695 116.095,39.668,45 116.060,39.640 116.035,39.605,40 116.015,39.565
  115.995,39.525,38 115.975,39.485 115.955,39.445,30 115.935,39.405 115.910,39.365,25
  115.885,39.325 115.850,39.290,22 115.810,39.255 115.770,39.215,20 115.730,39.175
  115.695,39.135,18 115.665,39.095 115.640,39.055,16 115.615,39.015 115.590,38.975,16
  115.565,38.935 115.540,38.895,17 115.510,38.855 115.470,38.820,20 115.420,38.790
  115.365,38.760,25 115.310,38.735 115.255,38.712,35 115.200,38.695 115.150,38.670,45
  115.110,38.630 115.070,38.590,55 115.030,38.550 114.995,38.510,60 114.950,38.475
  114.900,38.445,65 114.850,38.415 114.800,38.385,70 114.750,38.355 114.705,38.325,75
  114.670,38.285 114.640,38.245,78 114.615,38.205 114.600,38.160,80 114.590,38.115
  114.585,38.070,80 114.590,38.030,78`;

/** G2 京津塘高速: 十八里店 past 马驹桥, 廊坊 and 武清 (杨村), 宜兴埠 and 东丽 to the 天津经济技术开发区. */
const G2_BEIJING_TEDA = `
  116.488,39.845,35 116.515,39.820 116.540,39.790,30 116.560,39.760 116.590,39.728,28
  116.620,39.696 116.650,39.664,25 116.680,39.630 116.705,39.595,22 116.725,39.560
  116.745,39.525,18 116.785,39.500 116.830,39.478,15 116.880,39.460 116.930,39.442,12
  116.965,39.430 117.005,39.405,10 117.045,39.380,8 117.080,39.345 117.110,39.308,6
  117.140,39.270 117.165,39.232,5 117.205,39.205 117.250,39.185,4 117.300,39.165
  117.350,39.150,4 117.400,39.132 117.450,39.110,3 117.500,39.092 117.550,39.078,3
  117.600,39.066 117.645,39.058,3 117.690,39.052,3`;

/** 天津河西: 陈塘庄 depot, 解放南路 north to 小白楼, back down 友谊路 to 梅江, along 外环 to the depot. */
const TIANJIN_HEXI_ROUND = `
  117.245,39.062,4 117.238,39.070 117.232,39.080 117.228,39.090 117.225,39.100 117.222,39.110
  117.218,39.118 117.212,39.122 117.205,39.116 117.205,39.108 117.205,39.100 117.205,39.090
  117.205,39.080 117.203,39.070 117.200,39.062 117.212,39.058 117.225,39.057 117.238,39.058
  117.245,39.062,4`;

/** 天津南开: depot by the 西青 border, 复康路 east to 卫津路, 鞍山西道, 南开 and 西站, back down 红旗路. */
const TIANJIN_NANKAI_ROUND = `
  117.110,39.100,5 117.120,39.103 117.130,39.106 117.140,39.108 117.150,39.110 117.160,39.112
  117.163,39.120 117.165,39.128 117.158,39.132 117.150,39.138 117.148,39.146 117.150,39.155
  117.152,39.163 117.140,39.160 117.130,39.152 117.125,39.142 117.124,39.132 117.122,39.122
  117.118,39.112 117.110,39.100,5`;

/** 滨海新区: 保税区 depot, 开发区 and 塘沽 解放路, north along the coast road to 北塘 and the 生态城, back south. */
const BINHAI_ROUND = `
  117.735,39.070,3 117.720,39.062 117.705,39.052 117.690,39.042 117.675,39.033 117.660,39.026
  117.652,39.038 117.655,39.052 117.662,39.066 117.672,39.080 117.684,39.094 117.695,39.106
  117.703,39.113 117.718,39.118 117.735,39.122 117.752,39.125 117.758,39.110 117.755,39.095
  117.748,39.082 117.735,39.070,3`;

/** 北京朝阳: 十八里店 depot, 东四环 north, 国贸 on 东三环, 三元桥 to 望京, 酒仙桥, back down 东五环. */
const BEIJING_CHAOYANG_ROUND = `
  116.482,39.842,35 116.486,39.852 116.487,39.862 116.487,39.875 116.487,39.888 116.486,39.900
  116.470,39.905 116.462,39.909 116.461,39.922 116.461,39.935 116.463,39.948 116.465,39.962
  116.468,39.975 116.470,39.988 116.472,39.996 116.485,39.990 116.490,39.978 116.490,39.965
  116.500,39.962 116.515,39.950 116.525,39.935 116.530,39.920 116.530,39.905 116.528,39.890
  116.520,39.875 116.510,39.862 116.500,39.850 116.482,39.842,35`;

// --- Stations ----------------------------------------------------------------------------------

const NANJIANG = station('天津港南疆煤码头', 'unloading', '117.790,38.965', '天津市滨海新区南疆港区', {
  radius: 800,
});
const HUAILAI = station('怀来服务区', 'service', '115.545,40.410', '河北省张家口市怀来县');

// --- Lines -------------------------------------------------------------------------------------

export const DEMO_LINES: readonly DemoLine[] = [
  {
    code: 'coal-dongsheng-tianjin',
    name: '东胜至天津港煤炭干线',
    kind: 'coal',
    roads: ['G65', 'G6', '六环', 'S15'],
    roadKm: 955,
    loop: false,
    stations: [
      station('东胜煤炭物流园', 'loading', '110.015,39.858', '内蒙古自治区鄂尔多斯市东胜区', {
        radius: 800,
        fuel: true,
      }),
      station('达拉特服务区', 'service', '110.056,40.395', '内蒙古自治区鄂尔多斯市达拉特旗'),
      station('萨拉齐服务区', 'service', '110.520,40.594', '内蒙古自治区包头市土默特右旗'),
      station('卓资山服务区', 'service', '112.550,40.893', '内蒙古自治区乌兰察布市卓资县'),
      station('兴和服务区', 'service', '113.840,40.850', '内蒙古自治区乌兰察布市兴和县'),
      HUAILAI,
      NANJIANG,
    ],
    path: withAltitudes(
      join(
        G65_DONGSHENG_BAOTOU,
        G6_BAOTOU_HOHHOT,
        G6_HOHHOT_JINING,
        G6_JINING_HUAIAN,
        G6_HUAIAN_SHALINGZI,
        G6_SHALINGZI_BEIJING,
        RING6_NORTH_EAST,
        JINGJIN_TAIHU_NANJIANG,
      ),
    ),
  },
  {
    code: 'coal-zhungeer-tianjin',
    name: '准格尔经大同至天津港煤炭干线',
    kind: 'coal',
    roads: ['喇嘛湾黄河大桥', '右玉—大同公路', '宣大高速', 'G6', '六环', 'S15'],
    roadKm: 800,
    loop: false,
    stations: [
      station('黑岱沟露天煤矿', 'loading', '111.300,39.800', '内蒙古自治区鄂尔多斯市准格尔旗', {
        radius: 1000,
        fuel: true,
      }),
      station('清水河服务区', 'service', '111.640,39.930', '内蒙古自治区呼和浩特市清水河县'),
      station('左云服务区', 'service', '112.705,40.015', '山西省大同市左云县'),
      station('天镇服务区', 'service', '114.095,40.425', '山西省大同市天镇县'),
      HUAILAI,
      NANJIANG,
    ],
    path: withAltitudes(
      join(
        ZHUNGEER_DATONG,
        DATONG_HUAIAN,
        G6_HUAIAN_SHALINGZI,
        G6_SHALINGZI_BEIJING,
        RING6_NORTH_EAST,
        JINGJIN_TAIHU_NANJIANG,
      ),
    ),
  },
  {
    code: 'trunk-beijing-shijiazhuang',
    name: '北京大兴至石家庄干线',
    kind: 'trunk',
    roads: ['六环', 'G4'],
    roadKm: 275,
    loop: false,
    stations: [
      station('北京大兴物流园', 'loading', '116.318,39.702', '北京市大兴区', { fuel: true }),
      station('涿州服务区', 'service', '115.975,39.485', '河北省保定市涿州市'),
      station('徐水服务区', 'service', '115.615,39.015', '河北省保定市徐水区'),
      station('定州服务区', 'service', '114.995,38.510', '河北省保定市定州市'),
      station('石家庄东物流园', 'unloading', '114.590,38.030', '河北省石家庄市长安区', { fuel: true }),
    ],
    path: withAltitudes(join(G4_DAXING_SHIJIAZHUANG)),
  },
  {
    code: 'trunk-beijing-tianjin',
    name: '北京至天津京津塘干线',
    kind: 'trunk',
    roads: ['G2 京津塘高速'],
    roadKm: 140,
    loop: false,
    stations: [
      station('北京十八里店物流园', 'loading', '116.488,39.845', '北京市朝阳区十八里店', { fuel: true }),
      station('泗村店服务区', 'service', '116.965,39.430', '天津市武清区'),
      station('天津开发区物流中心', 'unloading', '117.690,39.052', '天津市滨海新区', { fuel: true }),
    ],
    path: withAltitudes(join(G2_BEIJING_TEDA)),
  },
  {
    code: 'city-tianjin-hexi',
    name: '天津河西城配线',
    kind: 'city',
    roads: ['解放南路', '友谊路', '外环线'],
    roadKm: 21,
    loop: true,
    stations: [
      station('河西陈塘庄配送中心', 'depot', '117.245,39.062', '天津市河西区陈塘庄'),
      station('大沽南路门店', 'store', '117.228,39.090', '天津市河西区大沽南路'),
      station('小白楼门店', 'store', '117.218,39.118', '天津市和平区小白楼'),
      station('友谊路门店', 'store', '117.205,39.100', '天津市河西区友谊路'),
      station('梅江门店', 'store', '117.200,39.062', '天津市河西区梅江'),
      station('河西陈塘庄配送中心', 'depot', '117.245,39.062', '天津市河西区陈塘庄'),
    ],
    path: withAltitudes(join(TIANJIN_HEXI_ROUND)),
  },
  {
    code: 'city-tianjin-nankai',
    name: '天津南开城配线',
    kind: 'city',
    roads: ['复康路', '卫津路', '鞍山西道', '红旗路'],
    roadKm: 19,
    loop: true,
    stations: [
      station('南开配送中心', 'depot', '117.110,39.100', '天津市南开区'),
      station('卫津路门店', 'store', '117.163,39.120', '天津市南开区卫津路'),
      station('鞍山西道门店', 'store', '117.158,39.132', '天津市南开区鞍山西道'),
      station('西站门店', 'store', '117.152,39.163', '天津市红桥区西站'),
      station('红旗路门店', 'store', '117.124,39.132', '天津市南开区红旗路'),
      station('南开配送中心', 'depot', '117.110,39.100', '天津市南开区'),
    ],
    path: withAltitudes(join(TIANJIN_NANKAI_ROUND)),
  },
  {
    code: 'city-tianjin-binhai',
    name: '滨海新区城配线',
    kind: 'city',
    roads: ['第三大街', '解放路', '海滨大道'],
    roadKm: 30,
    loop: true,
    stations: [
      station('保税区配送中心', 'depot', '117.735,39.070', '天津市滨海新区保税区'),
      station('开发区第三大街门店', 'store', '117.705,39.052', '天津市滨海新区开发区'),
      station('塘沽解放路门店', 'store', '117.660,39.026', '天津市滨海新区塘沽'),
      station('北塘门店', 'store', '117.703,39.113', '天津市滨海新区北塘'),
      station('生态城门店', 'store', '117.752,39.125', '天津市滨海新区中新天津生态城'),
      station('保税区配送中心', 'depot', '117.735,39.070', '天津市滨海新区保税区'),
    ],
    path: withAltitudes(join(BINHAI_ROUND)),
  },
  {
    code: 'city-beijing-chaoyang',
    name: '北京朝阳城配线',
    kind: 'city',
    roads: ['东四环', '东三环', '京承高速', '东五环'],
    roadKm: 38,
    loop: true,
    stations: [
      station('十八里店城配中心', 'depot', '116.482,39.842', '北京市朝阳区十八里店'),
      station('国贸门店', 'store', '116.462,39.909', '北京市朝阳区国贸'),
      station('望京门店', 'store', '116.472,39.996', '北京市朝阳区望京'),
      station('酒仙桥门店', 'store', '116.490,39.965', '北京市朝阳区酒仙桥'),
      station('十八里店城配中心', 'depot', '116.482,39.842', '北京市朝阳区十八里店'),
    ],
    path: withAltitudes(join(BEIJING_CHAOYANG_ROUND)),
  },
];

/** The demo line of `code`; throws for an unknown code. */
export function demoLine(code: string): DemoLine {
  const line = DEMO_LINES.find((l) => l.code === code);
  if (!line) throw new Error(`no demo line ${code}`);
  return line;
}

/** Length of a line's path in km. */
export function pathLengthKm(path: readonly DemoPathPoint[]): number {
  let km = 0;
  for (let i = 1; i < path.length; i++) {
    const a = path[i - 1] as DemoPathPoint;
    const b = path[i] as DemoPathPoint;
    km += distanceKm(a.lng, a.lat, b.lng, b.lat);
  }
  return km;
}
