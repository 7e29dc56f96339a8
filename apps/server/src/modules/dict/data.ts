import type { Gender, Language } from '@paichat/protocol';

/**
 * The dictionaries' product copy, per interface language. It ships with the code (not the
 * database) because it is translated text, reviewed like any other string.
 * `applyReason` keeps the `{nickName}` placeholder: the client puts the sender's name in.
 */
export interface DictCopy {
  gender: Readonly<Record<Gender, string>>;
  /** Suggested signatures, 6 to 8. */
  introSuggestions: readonly string[];
  applyReason: string;
}

export const DICT_COPY: Readonly<Record<Language, DictCopy>> = {
  en: {
    gender: { male: 'Male', female: 'Female', unknown: 'Not specified' },
    introSuggestions: [
      'Hi there, nice to meet you!',
      'Every day is a fresh start.',
      'Stay curious, stay kind.',
      'Coffee first, then the world.',
      'Dream big, work hard.',
      'Good vibes only.',
    ],
    applyReason: "Hi, I'm {nickName}",
  },
  zh: {
    gender: { male: '男', female: '女', unknown: '未知' },
    introSuggestions: [
      '你好，很高兴认识你！',
      '每一天都是新的开始。',
      '保持好奇，保持善良。',
      '先来杯咖啡，再去征服世界。',
      '心怀梦想，脚踏实地。',
      '只传递好心情。',
    ],
    applyReason: '你好，我是{nickName}',
  },
  'zh-TW': {
    gender: { male: '男', female: '女', unknown: '未知' },
    introSuggestions: [
      '你好，很高興認識你！',
      '每一天都是新的開始。',
      '保持好奇，保持善良。',
      '先來杯咖啡，再去征服世界。',
      '心懷夢想，腳踏實地。',
      '只傳遞好心情。',
    ],
    applyReason: '你好，我是{nickName}',
  },
  ja: {
    gender: { male: '男性', female: '女性', unknown: '未設定' },
    introSuggestions: [
      'はじめまして、よろしくお願いします！',
      '毎日が新しいスタート。',
      '好奇心とやさしさを忘れずに。',
      'まずはコーヒー、それから世界へ。',
      '夢は大きく、努力はコツコツ。',
      'いい気分だけをシェアしよう。',
    ],
    applyReason: 'こんにちは、{nickName}です',
  },
  ko: {
    gender: { male: '남성', female: '여성', unknown: '선택 안 함' },
    introSuggestions: [
      '안녕하세요, 만나서 반가워요!',
      '매일이 새로운 시작이에요.',
      '호기심과 친절함을 잃지 말자.',
      '커피 먼저, 그다음에 세상.',
      '꿈은 크게, 노력은 꾸준히.',
      '좋은 기운만 가득.',
    ],
    applyReason: '안녕하세요, {nickName}입니다',
  },
  fr: {
    gender: { male: 'Homme', female: 'Femme', unknown: 'Non précisé' },
    introSuggestions: [
      'Bonjour, ravi de faire votre connaissance !',
      'Chaque jour est un nouveau départ.',
      'Reste curieux, reste bienveillant.',
      "D'abord un café, ensuite le monde.",
      'Rêver grand, travailler dur.',
      'Que des bonnes ondes.',
    ],
    applyReason: 'Bonjour, je suis {nickName}',
  },
  de: {
    gender: { male: 'Männlich', female: 'Weiblich', unknown: 'Keine Angabe' },
    introSuggestions: [
      'Hallo, schön dich kennenzulernen!',
      'Jeder Tag ist ein neuer Anfang.',
      'Bleib neugierig, bleib freundlich.',
      'Erst Kaffee, dann die Welt.',
      'Groß träumen, hart arbeiten.',
      'Nur gute Laune.',
    ],
    applyReason: 'Hallo, ich bin {nickName}',
  },
  es: {
    gender: { male: 'Hombre', female: 'Mujer', unknown: 'Sin especificar' },
    introSuggestions: [
      '¡Hola, encantado de conocerte!',
      'Cada día es un nuevo comienzo.',
      'Sé curioso, sé amable.',
      'Primero el café, luego el mundo.',
      'Sueña en grande, trabaja duro.',
      'Solo buenas vibras.',
    ],
    applyReason: 'Hola, soy {nickName}',
  },
  it: {
    gender: { male: 'Uomo', female: 'Donna', unknown: 'Non specificato' },
    introSuggestions: [
      'Ciao, piacere di conoscerti!',
      'Ogni giorno è un nuovo inizio.',
      'Resta curioso, resta gentile.',
      'Prima il caffè, poi il mondo.',
      'Sogna in grande, lavora sodo.',
      'Solo buone vibrazioni.',
    ],
    applyReason: 'Ciao, sono {nickName}',
  },
  pt: {
    gender: { male: 'Masculino', female: 'Feminino', unknown: 'Não informado' },
    introSuggestions: [
      'Olá, prazer em te conhecer!',
      'Cada dia é um novo começo.',
      'Seja curioso, seja gentil.',
      'Primeiro o café, depois o mundo.',
      'Sonhe grande, trabalhe duro.',
      'Só boas vibrações.',
    ],
    applyReason: 'Olá, eu sou {nickName}',
  },
  ru: {
    gender: { male: 'Мужской', female: 'Женский', unknown: 'Не указан' },
    introSuggestions: [
      'Привет, рад знакомству!',
      'Каждый день — новое начало.',
      'Оставайся любопытным и добрым.',
      'Сначала кофе, потом весь мир.',
      'Мечтай смело, работай упорно.',
      'Только хорошее настроение.',
    ],
    applyReason: 'Привет, я {nickName}',
  },
  ar: {
    gender: { male: 'ذكر', female: 'أنثى', unknown: 'غير محدد' },
    introSuggestions: [
      'مرحبًا، سعيد بالتعرف عليك!',
      'كل يوم بداية جديدة.',
      'ابقَ فضوليًا، وابقَ لطيفًا.',
      'القهوة أولًا، ثم العالم.',
      'احلم كثيرًا واعمل بجد.',
      'طاقة إيجابية فقط.',
    ],
    applyReason: 'مرحبًا، أنا {nickName}',
  },
  hi: {
    gender: { male: 'पुरुष', female: 'महिला', unknown: 'नहीं बताया' },
    introSuggestions: [
      'नमस्ते, आपसे मिलकर खुशी हुई!',
      'हर दिन एक नई शुरुआत है।',
      'जिज्ञासु रहो, दयालु रहो।',
      'पहले कॉफ़ी, फिर दुनिया।',
      'बड़े सपने देखो, मेहनत करो।',
      'सिर्फ़ अच्छी ऊर्जा।',
    ],
    applyReason: 'नमस्ते, मैं {nickName} हूँ',
  },
  th: {
    gender: { male: 'ชาย', female: 'หญิง', unknown: 'ไม่ระบุ' },
    introSuggestions: [
      'สวัสดี ยินดีที่ได้รู้จัก!',
      'ทุกวันคือการเริ่มต้นใหม่',
      'อยากรู้อยากเห็นและใจดีเสมอ',
      'กาแฟก่อน แล้วค่อยไปพิชิตโลก',
      'ฝันให้ไกล ไปให้ถึง',
      'มีแต่พลังบวก',
    ],
    applyReason: 'สวัสดี ฉันชื่อ {nickName}',
  },
  vi: {
    gender: { male: 'Nam', female: 'Nữ', unknown: 'Không xác định' },
    introSuggestions: [
      'Xin chào, rất vui được làm quen!',
      'Mỗi ngày là một khởi đầu mới.',
      'Luôn tò mò, luôn tử tế.',
      'Cà phê trước, thế giới sau.',
      'Ước mơ lớn, làm việc chăm chỉ.',
      'Chỉ có năng lượng tích cực.',
    ],
    applyReason: 'Xin chào, tôi là {nickName}',
  },
};
