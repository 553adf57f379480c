/**
 * China's provincial-level divisions (34) and prefecture-level divisions (333: cities, prefectures,
 * leagues and autonomous prefectures) with their GB/T 2260 six-digit codes, for the area tree picker
 * (`GET /api/area/tree`). Municipalities (北京, 天津, 上海, 重庆), Hong Kong, Macau and Taiwan have
 * no prefecture level here; county-level cities governed directly by a province are left out.
 */

export interface AreaCity {
  /** Six-digit GB/T 2260 code, e.g. '150600'. */
  readonly code: string;
  readonly name: string;
}

export interface AreaProvince extends AreaCity {
  readonly cities: readonly AreaCity[];
}

/** A node of the area tree as the picker reads it: value rowGuid, label areaName, parent parentId. */
export interface AreaTreeNode {
  readonly rowGuid: string;
  readonly areaName: string;
  /** The province's code for a city; null for a province. */
  readonly parentId: string | null;
  readonly children: AreaTreeNode[];
}

/**
 * One province a line: its two-digit code, its name, then each prefecture as the two middle digits
 * of its code followed by its name ('06鄂尔多斯市' under '15' is 150600).
 */
const DATA = `
11 北京市
12 天津市
13 河北省 01石家庄市 02唐山市 03秦皇岛市 04邯郸市 05邢台市 06保定市 07张家口市 08承德市 09沧州市 10廊坊市 11衡水市
14 山西省 01太原市 02大同市 03阳泉市 04长治市 05晋城市 06朔州市 07晋中市 08运城市 09忻州市 10临汾市 11吕梁市
15 内蒙古自治区 01呼和浩特市 02包头市 03乌海市 04赤峰市 05通辽市 06鄂尔多斯市 07呼伦贝尔市 08巴彦淖尔市 09乌兰察布市 22兴安盟 25锡林郭勒盟 29阿拉善盟
21 辽宁省 01沈阳市 02大连市 03鞍山市 04抚顺市 05本溪市 06丹东市 07锦州市 08营口市 09阜新市 10辽阳市 11盘锦市 12铁岭市 13朝阳市 14葫芦岛市
22 吉林省 01长春市 02吉林市 03四平市 04辽源市 05通化市 06白山市 07松原市 08白城市 24延边朝鲜族自治州
23 黑龙江省 01哈尔滨市 02齐齐哈尔市 03鸡西市 04鹤岗市 05双鸭山市 06大庆市 07伊春市 08佳木斯市 09七台河市 10牡丹江市 11黑河市 12绥化市 27大兴安岭地区
31 上海市
32 江苏省 01南京市 02无锡市 03徐州市 04常州市 05苏州市 06南通市 07连云港市 08淮安市 09盐城市 10扬州市 11镇江市 12泰州市 13宿迁市
33 浙江省 01杭州市 02宁波市 03温州市 04嘉兴市 05湖州市 06绍兴市 07金华市 08衢州市 09舟山市 10台州市 11丽水市
34 安徽省 01合肥市 02芜湖市 03蚌埠市 04淮南市 05马鞍山市 06淮北市 07铜陵市 08安庆市 10黄山市 11滁州市 12阜阳市 13宿州市 15六安市 16亳州市 17池州市 18宣城市
35 福建省 01福州市 02厦门市 03莆田市 04三明市 05泉州市 06漳州市 07南平市 08龙岩市 09宁德市
36 江西省 01南昌市 02景德镇市 03萍乡市 04九江市 05新余市 06鹰潭市 07赣州市 08吉安市 09宜春市 10抚州市 11上饶市
37 山东省 01济南市 02青岛市 03淄博市 04枣庄市 05东营市 06烟台市 07潍坊市 08济宁市 09泰安市 10威海市 11日照市 13临沂市 14德州市 15聊城市 16滨州市 17菏泽市
41 河南省 01郑州市 02开封市 03洛阳市 04平顶山市 05安阳市 06鹤壁市 07新乡市 08焦作市 09濮阳市 10许昌市 11漯河市 12三门峡市 13南阳市 14商丘市 15信阳市 16周口市 17驻马店市
42 湖北省 01武汉市 02黄石市 03十堰市 05宜昌市 06襄阳市 07鄂州市 08荆门市 09孝感市 10荆州市 11黄冈市 12咸宁市 13随州市 28恩施土家族苗族自治州
43 湖南省 01长沙市 02株洲市 03湘潭市 04衡阳市 05邵阳市 06岳阳市 07常德市 08张家界市 09益阳市 10郴州市 11永州市 12怀化市 13娄底市 31湘西土家族苗族自治州
44 广东省 01广州市 02韶关市 03深圳市 04珠海市 05汕头市 06佛山市 07江门市 08湛江市 09茂名市 12肇庆市 13惠州市 14梅州市 15汕尾市 16河源市 17阳江市 18清远市 19东莞市 20中山市 51潮州市 52揭阳市 53云浮市
45 广西壮族自治区 01南宁市 02柳州市 03桂林市 04梧州市 05北海市 06防城港市 07钦州市 08贵港市 09玉林市 10百色市 11贺州市 12河池市 13来宾市 14崇左市
46 海南省 01海口市 02三亚市 03三沙市 04儋州市
50 重庆市
51 四川省 01成都市 03自贡市 04攀枝花市 05泸州市 06德阳市 07绵阳市 08广元市 09遂宁市 10内江市 11乐山市 13南充市 14眉山市 15宜宾市 16广安市 17达州市 18雅安市 19巴中市 20资阳市 32阿坝藏族羌族自治州 33甘孜藏族自治州 34凉山彝族自治州
52 贵州省 01贵阳市 02六盘水市 03遵义市 04安顺市 05毕节市 06铜仁市 23黔西南布依族苗族自治州 26黔东南苗族侗族自治州 27黔南布依族苗族自治州
53 云南省 01昆明市 03曲靖市 04玉溪市 05保山市 06昭通市 07丽江市 08普洱市 09临沧市 23楚雄彝族自治州 25红河哈尼族彝族自治州 26文山壮族苗族自治州 28西双版纳傣族自治州 29大理白族自治州 31德宏傣族景颇族自治州 33怒江傈僳族自治州 34迪庆藏族自治州
54 西藏自治区 01拉萨市 02日喀则市 03昌都市 04林芝市 05山南市 06那曲市 25阿里地区
61 陕西省 01西安市 02铜川市 03宝鸡市 04咸阳市 05渭南市 06延安市 07汉中市 08榆林市 09安康市 10商洛市
62 甘肃省 01兰州市 02嘉峪关市 03金昌市 04白银市 05天水市 06武威市 07张掖市 08平凉市 09酒泉市 10庆阳市 11定西市 12陇南市 29临夏回族自治州 30甘南藏族自治州
63 青海省 01西宁市 02海东市 22海北藏族自治州 23黄南藏族自治州 25海南藏族自治州 26果洛藏族自治州 27玉树藏族自治州 28海西蒙古族藏族自治州
64 宁夏回族自治区 01银川市 02石嘴山市 03吴忠市 04固原市 05中卫市
65 新疆维吾尔自治区 01乌鲁木齐市 02克拉玛依市 04吐鲁番市 05哈密市 23昌吉回族自治州 27博尔塔拉蒙古自治州 28巴音郭楞蒙古自治州 29阿克苏地区 30克孜勒苏柯尔克孜自治州 31喀什地区 32和田地区 40伊犁哈萨克自治州 42塔城地区 43阿勒泰地区
71 台湾省
81 香港特别行政区
82 澳门特别行政区
`;

function parseAreas(data: string): AreaProvince[] {
  return data
    .trim()
    .split('\n')
    .map((line) => {
      const [prefix = '', name = '', ...cities] = line.trim().split(' ');
      return {
        code: `${prefix}0000`,
        name,
        cities: cities.map((city) => ({ code: `${prefix}${city.slice(0, 2)}00`, name: city.slice(2) })),
      };
    });
}

/** Every provincial-level division in code order, each with its prefecture-level divisions. */
export const CHINA_AREAS: readonly AreaProvince[] = parseAreas(DATA);

/** The areas as the nested tree the area picker shows; a new tree on every call. */
export function areaTree(): AreaTreeNode[] {
  return CHINA_AREAS.map((province) => ({
    rowGuid: province.code,
    areaName: province.name,
    parentId: null,
    children: province.cities.map((city) => ({
      rowGuid: city.code,
      areaName: city.name,
      parentId: province.code,
      children: [],
    })),
  }));
}

/** The province or prefecture of a six-digit code, or undefined. */
export function findArea(code: string): AreaCity | undefined {
  const province = CHINA_AREAS.find((p) => p.code.slice(0, 2) === code.slice(0, 2));
  if (!province) return undefined;
  if (province.code === code) return { code: province.code, name: province.name };
  return province.cities.find((city) => city.code === code);
}
