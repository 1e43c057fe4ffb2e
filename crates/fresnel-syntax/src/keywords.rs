//! Keywords and reserved words, with the versions in which each is a keyword.
//!
//! Each word has a [`Rule`] in the style of Mesa's lexer: from which desktop and ES version it
//! is *reserved* (using it is an error), from which version it is a *keyword*, and which
//! extensions make it a keyword early. Before it is reserved it is an ordinary identifier.
//!
//! Only the words of core GLSL / GLSL ES are keywords here. Types and qualifiers that
//! extensions add (`float16_t`, `accelerationStructureEXT`, `rayPayloadEXT`, ...) and the
//! Vulkan-only opaque types (`texture2D`, `subpassInput`, ...) reach the parser as identifiers;
//! the parser accepts an identifier wherever a type name or a qualifier may stand, and semantic
//! analysis resolves it against the tables of the extensions in force. This keeps the grammar
//! small and lets unknown words get a precise "unknown type" diagnostic instead of a syntax
//! error.

use crate::extensions::{Ext, ExtensionState};
use crate::version::Version;

/// What a keyword is, for the parser.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Category {
    /// A built-in type name.
    Type,
    /// A storage, auxiliary, interpolation, precision, memory or other qualifier.
    Qualifier,
    /// A statement or declaration keyword (`if`, `struct`, `layout`, `precision`, ...).
    Syntax,
    /// `true` / `false`.
    Literal,
    /// Reserved for future use; never a keyword.
    Reserved,
}

/// How a word's meaning depends on the language version.
#[derive(Copy, Clone, Debug)]
pub struct Rule {
    /// Desktop version from which the word is reserved (0: never).
    pub reserved_gl: u16,
    /// ES version from which the word is reserved (0: never).
    pub reserved_es: u16,
    /// Desktop version from which the word is a keyword (0: never).
    pub keyword_gl: u16,
    /// ES version from which the word is a keyword (0: never).
    pub keyword_es: u16,
    /// Extensions that make the word a keyword whatever the version.
    pub alt: &'static [Ext],
    /// Reserved from `reserved_*` even though it is a keyword before, except in the
    /// compatibility profile (`attribute`, `varying`).
    pub deprecated: bool,
}

const fn r(reserved_gl: u16, reserved_es: u16, keyword_gl: u16, keyword_es: u16) -> Rule {
    Rule {
        reserved_gl,
        reserved_es,
        keyword_gl,
        keyword_es,
        alt: &[],
        deprecated: false,
    }
}

impl Rule {
    const fn alt(self, alt: &'static [Ext]) -> Rule {
        Rule { alt, ..self }
    }
}

/// A keyword in every version.
const ALWAYS: Rule = r(0, 0, 1, 1);
/// Reserved from GLSL 1.30 / ES 3.00.
const RESERVED_130: Rule = r(130, 300, 0, 0);
/// Desktop-only keyword in every desktop version; reserved in ES.
const DESKTOP_ONLY: Rule = r(0, 1, 1, 0);

const GPU_SHADER4: &[Ext] = &[Ext::EXT_gpu_shader4];
const TEX_ARRAY: &[Ext] = &[Ext::EXT_gpu_shader4, Ext::EXT_texture_array];
const MULTISAMPLE: &[Ext] = &[Ext::ARB_texture_multisample];
const MULTISAMPLE_ARRAY: &[Ext] = &[
    Ext::ARB_texture_multisample,
    Ext::OES_texture_storage_multisample_2d_array,
];
const CUBE_ARRAY: &[Ext] = &[
    Ext::ARB_texture_cube_map_array,
    Ext::OES_texture_cube_map_array,
    Ext::EXT_texture_cube_map_array,
];
const TEX_BUFFER: &[Ext] = &[
    Ext::EXT_texture_buffer,
    Ext::OES_texture_buffer,
    Ext::EXT_gpu_shader4,
];
const FP64: &[Ext] = &[Ext::ARB_gpu_shader_fp64];
const IMAGES: &[Ext] = &[
    Ext::ARB_shader_image_load_store,
    Ext::EXT_shader_image_load_store,
];
const IMAGES_BUFFER: &[Ext] = &[
    Ext::ARB_shader_image_load_store,
    Ext::EXT_shader_image_load_store,
    Ext::EXT_texture_buffer,
    Ext::OES_texture_buffer,
];
const IMAGES_CUBE_ARRAY: &[Ext] = &[
    Ext::ARB_shader_image_load_store,
    Ext::EXT_shader_image_load_store,
    Ext::OES_texture_cube_map_array,
    Ext::EXT_texture_cube_map_array,
];
const MEMORY: &[Ext] = &[
    Ext::ARB_shader_image_load_store,
    Ext::EXT_shader_image_load_store,
    Ext::ARB_shader_storage_buffer_object,
];
const TESSELLATION: &[Ext] = &[
    Ext::ARB_tessellation_shader,
    Ext::OES_tessellation_shader,
    Ext::EXT_tessellation_shader,
];
const GPU_SHADER5: &[Ext] = &[
    Ext::ARB_gpu_shader5,
    Ext::EXT_gpu_shader5,
    Ext::OES_gpu_shader5,
    Ext::NV_gpu_shader5,
];
/// Extensions that bring `layout` qualifiers to versions before GLSL 1.40 / ES 3.00.
const LAYOUT_EXTS: &[Ext] = &[
    Ext::ARB_bindless_texture,
    Ext::KHR_blend_equation_advanced,
    Ext::AMD_conservative_depth,
    Ext::ARB_conservative_depth,
    Ext::EXT_conservative_depth,
    Ext::ARB_explicit_attrib_location,
    Ext::ARB_explicit_uniform_location,
    Ext::ARB_post_depth_coverage,
    Ext::ARB_separate_shader_objects,
    Ext::EXT_separate_shader_objects,
    Ext::ARB_uniform_buffer_object,
    Ext::ARB_fragment_coord_conventions,
    Ext::ARB_shading_language_420pack,
    Ext::ARB_compute_shader,
    Ext::ARB_tessellation_shader,
    Ext::EXT_shader_framebuffer_fetch,
    Ext::EXT_shader_framebuffer_fetch_non_coherent,
    Ext::OVR_multiview,
    Ext::OVR_multiview2,
    Ext::EXT_blend_func_extended,
    Ext::ARB_shader_image_load_store,
    Ext::ARB_shader_atomic_counters,
    Ext::ARB_shader_storage_buffer_object,
    Ext::ARB_gpu_shader5,
];

macro_rules! keywords {
    ($($v:ident = $t:literal $cat:ident $rule:expr;)*) => {
        /// Every word that is a keyword or reserved word in some version.
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        #[repr(u32)]
        pub enum Keyword { $($v),* }

        /// Number of keywords; symbols below this index are keywords.
        pub const KEYWORD_COUNT: usize = [$($t),*].len();
        /// Spelling of each keyword, in [`Keyword`] order.
        pub const KEYWORD_TEXT: [&str; KEYWORD_COUNT] = [$($t),*];
        static KEYWORD_ALL: [Keyword; KEYWORD_COUNT] = [$(Keyword::$v),*];
        static KEYWORD_CAT: [Category; KEYWORD_COUNT] = [$(Category::$cat),*];
        static KEYWORD_RULE: [Rule; KEYWORD_COUNT] = [$($rule),*];

        /// The keyword spelled `s`, if any (whatever the version).
        pub fn keyword_from_str(s: &str) -> Option<Keyword> {
            match s {
                $($t => Some(Keyword::$v),)*
                _ => None,
            }
        }
    };
}

keywords! {
    // Statements and structure.
    Break = "break" Syntax ALWAYS;
    Continue = "continue" Syntax ALWAYS;
    Do = "do" Syntax ALWAYS;
    For = "for" Syntax ALWAYS;
    While = "while" Syntax ALWAYS;
    If = "if" Syntax ALWAYS;
    Else = "else" Syntax ALWAYS;
    Discard = "discard" Syntax ALWAYS;
    Return = "return" Syntax ALWAYS;
    Switch = "switch" Syntax r(110, 100, 130, 300);
    Case = "case" Syntax r(130, 300, 130, 300);
    Default = "default" Syntax r(110, 100, 130, 300);
    Struct = "struct" Syntax ALWAYS;
    Layout = "layout" Syntax r(0, 0, 140, 300).alt(LAYOUT_EXTS);
    Precision = "precision" Syntax r(120, 100, 130, 100);
    Subroutine = "subroutine" Syntax r(400, 300, 400, 0).alt(&[Ext::ARB_shader_subroutine]);
    True = "true" Literal ALWAYS;
    False = "false" Literal ALWAYS;

    // Qualifiers.
    Const = "const" Qualifier ALWAYS;
    Uniform = "uniform" Qualifier ALWAYS;
    In = "in" Qualifier ALWAYS;
    Out = "out" Qualifier ALWAYS;
    Inout = "inout" Qualifier ALWAYS;
    Attribute = "attribute" Qualifier Rule { deprecated: true, ..r(420, 300, 1, 1) };
    Varying = "varying" Qualifier Rule { deprecated: true, ..r(420, 300, 1, 1) };
    Buffer = "buffer" Qualifier r(0, 0, 430, 310).alt(&[Ext::ARB_shader_storage_buffer_object]);
    Shared = "shared" Qualifier r(430, 310, 430, 310).alt(&[Ext::ARB_compute_shader]);
    Centroid = "centroid" Qualifier r(120, 300, 120, 300).alt(GPU_SHADER4);
    Flat = "flat" Qualifier r(130, 100, 130, 300).alt(GPU_SHADER4);
    Smooth = "smooth" Qualifier r(130, 300, 130, 300);
    Noperspective = "noperspective" Qualifier
        r(130, 300, 130, 0).alt(&[Ext::EXT_gpu_shader4, Ext::NV_shader_noperspective_interpolation]);
    Patch = "patch" Qualifier r(0, 300, 400, 320).alt(TESSELLATION);
    Sample = "sample" Qualifier
        r(400, 300, 400, 320).alt(&[
            Ext::ARB_gpu_shader5,
            Ext::NV_gpu_shader5,
            Ext::OES_shader_multisample_interpolation,
        ]);
    Invariant = "invariant" Qualifier r(120, 100, 120, 100);
    Precise = "precise" Qualifier r(400, 310, 400, 320).alt(GPU_SHADER5);
    Coherent = "coherent" Qualifier r(420, 300, 420, 310).alt(MEMORY);
    Volatile = "volatile" Qualifier r(110, 100, 420, 310).alt(MEMORY);
    Restrict = "restrict" Qualifier r(420, 300, 420, 310).alt(MEMORY);
    Readonly = "readonly" Qualifier r(420, 300, 420, 310).alt(MEMORY);
    Writeonly = "writeonly" Qualifier r(420, 300, 420, 310).alt(MEMORY);
    Lowp = "lowp" Qualifier r(120, 100, 130, 100);
    Mediump = "mediump" Qualifier r(120, 100, 130, 100);
    Highp = "highp" Qualifier r(120, 100, 130, 100);

    // Basic types.
    Void = "void" Type ALWAYS;
    Bool = "bool" Type ALWAYS;
    Int = "int" Type ALWAYS;
    Uint = "uint" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Float = "float" Type ALWAYS;
    Double = "double" Type r(110, 100, 400, 0).alt(FP64);
    Vec2 = "vec2" Type ALWAYS;
    Vec3 = "vec3" Type ALWAYS;
    Vec4 = "vec4" Type ALWAYS;
    Bvec2 = "bvec2" Type ALWAYS;
    Bvec3 = "bvec3" Type ALWAYS;
    Bvec4 = "bvec4" Type ALWAYS;
    Ivec2 = "ivec2" Type ALWAYS;
    Ivec3 = "ivec3" Type ALWAYS;
    Ivec4 = "ivec4" Type ALWAYS;
    Uvec2 = "uvec2" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Uvec3 = "uvec3" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Uvec4 = "uvec4" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Dvec2 = "dvec2" Type r(110, 100, 400, 0).alt(FP64);
    Dvec3 = "dvec3" Type r(110, 100, 400, 0).alt(FP64);
    Dvec4 = "dvec4" Type r(110, 100, 400, 0).alt(FP64);
    Mat2 = "mat2" Type ALWAYS;
    Mat3 = "mat3" Type ALWAYS;
    Mat4 = "mat4" Type ALWAYS;
    Mat2x2 = "mat2x2" Type r(120, 300, 120, 300);
    Mat2x3 = "mat2x3" Type r(120, 300, 120, 300);
    Mat2x4 = "mat2x4" Type r(120, 300, 120, 300);
    Mat3x2 = "mat3x2" Type r(120, 300, 120, 300);
    Mat3x3 = "mat3x3" Type r(120, 300, 120, 300);
    Mat3x4 = "mat3x4" Type r(120, 300, 120, 300);
    Mat4x2 = "mat4x2" Type r(120, 300, 120, 300);
    Mat4x3 = "mat4x3" Type r(120, 300, 120, 300);
    Mat4x4 = "mat4x4" Type r(120, 300, 120, 300);
    Dmat2 = "dmat2" Type r(110, 100, 400, 0).alt(FP64);
    Dmat3 = "dmat3" Type r(110, 100, 400, 0).alt(FP64);
    Dmat4 = "dmat4" Type r(110, 100, 400, 0).alt(FP64);
    Dmat2x2 = "dmat2x2" Type r(110, 100, 400, 0).alt(FP64);
    Dmat2x3 = "dmat2x3" Type r(110, 100, 400, 0).alt(FP64);
    Dmat2x4 = "dmat2x4" Type r(110, 100, 400, 0).alt(FP64);
    Dmat3x2 = "dmat3x2" Type r(110, 100, 400, 0).alt(FP64);
    Dmat3x3 = "dmat3x3" Type r(110, 100, 400, 0).alt(FP64);
    Dmat3x4 = "dmat3x4" Type r(110, 100, 400, 0).alt(FP64);
    Dmat4x2 = "dmat4x2" Type r(110, 100, 400, 0).alt(FP64);
    Dmat4x3 = "dmat4x3" Type r(110, 100, 400, 0).alt(FP64);
    Dmat4x4 = "dmat4x4" Type r(110, 100, 400, 0).alt(FP64);
    AtomicUint = "atomic_uint" Type r(420, 300, 420, 310).alt(&[Ext::ARB_shader_atomic_counters]);

    // Samplers.
    Sampler1D = "sampler1D" Type DESKTOP_ONLY;
    Sampler2D = "sampler2D" Type ALWAYS;
    Sampler3D = "sampler3D" Type r(0, 100, 1, 300).alt(&[Ext::OES_texture_3D]);
    SamplerCube = "samplerCube" Type ALWAYS;
    Sampler1DShadow = "sampler1DShadow" Type DESKTOP_ONLY;
    Sampler2DShadow = "sampler2DShadow" Type r(0, 100, 1, 300).alt(&[Ext::EXT_shadow_samplers]);
    SamplerCubeShadow = "samplerCubeShadow" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Sampler1DArray = "sampler1DArray" Type r(130, 300, 130, 0).alt(TEX_ARRAY);
    Sampler2DArray = "sampler2DArray" Type r(130, 300, 130, 300).alt(TEX_ARRAY);
    Sampler1DArrayShadow = "sampler1DArrayShadow" Type r(130, 300, 130, 0).alt(TEX_ARRAY);
    Sampler2DArrayShadow = "sampler2DArrayShadow" Type r(130, 300, 130, 300).alt(TEX_ARRAY);
    Isampler1D = "isampler1D" Type r(130, 300, 130, 0).alt(GPU_SHADER4);
    Isampler2D = "isampler2D" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Isampler3D = "isampler3D" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    IsamplerCube = "isamplerCube" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Isampler1DArray = "isampler1DArray" Type r(130, 300, 130, 0).alt(TEX_ARRAY);
    Isampler2DArray = "isampler2DArray" Type r(130, 300, 130, 300).alt(TEX_ARRAY);
    Usampler1D = "usampler1D" Type r(130, 300, 130, 0).alt(GPU_SHADER4);
    Usampler2D = "usampler2D" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Usampler3D = "usampler3D" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    UsamplerCube = "usamplerCube" Type r(130, 300, 130, 300).alt(GPU_SHADER4);
    Usampler1DArray = "usampler1DArray" Type r(130, 300, 130, 0).alt(TEX_ARRAY);
    Usampler2DArray = "usampler2DArray" Type r(130, 300, 130, 300).alt(TEX_ARRAY);
    // Desktop keywords in every version: GL_ARB_texture_rectangle is part of every desktop
    // implementation (Mesa enables it by default); reserved in ES.
    Sampler2DRect = "sampler2DRect" Type r(0, 1, 140, 0).alt(&[Ext::ARB_texture_rectangle]);
    Sampler2DRectShadow = "sampler2DRectShadow" Type r(0, 1, 140, 0).alt(&[Ext::ARB_texture_rectangle]);
    Isampler2DRect = "isampler2DRect" Type r(140, 300, 140, 0).alt(GPU_SHADER4);
    Usampler2DRect = "usampler2DRect" Type r(140, 300, 140, 0).alt(GPU_SHADER4);
    SamplerBuffer = "samplerBuffer" Type r(130, 300, 140, 320).alt(TEX_BUFFER);
    IsamplerBuffer = "isamplerBuffer" Type r(140, 300, 140, 320).alt(TEX_BUFFER);
    UsamplerBuffer = "usamplerBuffer" Type r(140, 300, 140, 320).alt(TEX_BUFFER);
    Sampler2DMS = "sampler2DMS" Type r(150, 300, 150, 310).alt(MULTISAMPLE);
    Isampler2DMS = "isampler2DMS" Type r(150, 300, 150, 310).alt(MULTISAMPLE);
    Usampler2DMS = "usampler2DMS" Type r(150, 300, 150, 310).alt(MULTISAMPLE);
    Sampler2DMSArray = "sampler2DMSArray" Type r(150, 300, 150, 320).alt(MULTISAMPLE_ARRAY);
    Isampler2DMSArray = "isampler2DMSArray" Type r(150, 300, 150, 320).alt(MULTISAMPLE_ARRAY);
    Usampler2DMSArray = "usampler2DMSArray" Type r(150, 300, 150, 320).alt(MULTISAMPLE_ARRAY);
    SamplerCubeArray = "samplerCubeArray" Type r(400, 310, 400, 320).alt(CUBE_ARRAY);
    SamplerCubeArrayShadow = "samplerCubeArrayShadow" Type r(400, 310, 400, 320).alt(CUBE_ARRAY);
    IsamplerCubeArray = "isamplerCubeArray" Type r(400, 310, 400, 320).alt(CUBE_ARRAY);
    UsamplerCubeArray = "usamplerCubeArray" Type r(400, 310, 400, 320).alt(CUBE_ARRAY);

    // Images.
    Image1D = "image1D" Type r(130, 300, 420, 0).alt(IMAGES);
    Iimage1D = "iimage1D" Type r(130, 300, 420, 0).alt(IMAGES);
    Uimage1D = "uimage1D" Type r(130, 300, 420, 0).alt(IMAGES);
    Image2D = "image2D" Type r(130, 300, 420, 310).alt(IMAGES);
    Iimage2D = "iimage2D" Type r(130, 300, 420, 310).alt(IMAGES);
    Uimage2D = "uimage2D" Type r(130, 300, 420, 310).alt(IMAGES);
    Image3D = "image3D" Type r(130, 300, 420, 310).alt(IMAGES);
    Iimage3D = "iimage3D" Type r(130, 300, 420, 310).alt(IMAGES);
    Uimage3D = "uimage3D" Type r(130, 300, 420, 310).alt(IMAGES);
    Image2DRect = "image2DRect" Type r(130, 300, 420, 0).alt(IMAGES);
    Iimage2DRect = "iimage2DRect" Type r(130, 300, 420, 0).alt(IMAGES);
    Uimage2DRect = "uimage2DRect" Type r(130, 300, 420, 0).alt(IMAGES);
    ImageCube = "imageCube" Type r(130, 300, 420, 310).alt(IMAGES);
    IimageCube = "iimageCube" Type r(130, 300, 420, 310).alt(IMAGES);
    UimageCube = "uimageCube" Type r(130, 300, 420, 310).alt(IMAGES);
    ImageBuffer = "imageBuffer" Type r(130, 300, 420, 320).alt(IMAGES_BUFFER);
    IimageBuffer = "iimageBuffer" Type r(130, 300, 420, 320).alt(IMAGES_BUFFER);
    UimageBuffer = "uimageBuffer" Type r(130, 300, 420, 320).alt(IMAGES_BUFFER);
    Image1DArray = "image1DArray" Type r(130, 300, 420, 0).alt(IMAGES);
    Iimage1DArray = "iimage1DArray" Type r(130, 300, 420, 0).alt(IMAGES);
    Uimage1DArray = "uimage1DArray" Type r(130, 300, 420, 0).alt(IMAGES);
    Image2DArray = "image2DArray" Type r(130, 300, 420, 310).alt(IMAGES);
    Iimage2DArray = "iimage2DArray" Type r(130, 300, 420, 310).alt(IMAGES);
    Uimage2DArray = "uimage2DArray" Type r(130, 300, 420, 310).alt(IMAGES);
    ImageCubeArray = "imageCubeArray" Type r(130, 300, 420, 320).alt(IMAGES_CUBE_ARRAY);
    IimageCubeArray = "iimageCubeArray" Type r(130, 300, 420, 320).alt(IMAGES_CUBE_ARRAY);
    UimageCubeArray = "uimageCubeArray" Type r(130, 300, 420, 320).alt(IMAGES_CUBE_ARRAY);
    Image2DMS = "image2DMS" Type r(130, 300, 420, 0).alt(IMAGES);
    Iimage2DMS = "iimage2DMS" Type r(130, 300, 420, 0).alt(IMAGES);
    Uimage2DMS = "uimage2DMS" Type r(130, 300, 420, 0).alt(IMAGES);
    Image2DMSArray = "image2DMSArray" Type r(130, 300, 420, 0).alt(IMAGES);
    Iimage2DMSArray = "iimage2DMSArray" Type r(130, 300, 420, 0).alt(IMAGES);
    Uimage2DMSArray = "uimage2DMSArray" Type r(130, 300, 420, 0).alt(IMAGES);

    // Reserved for future use.
    Asm = "asm" Reserved r(110, 100, 0, 0);
    Class = "class" Reserved r(110, 100, 0, 0);
    Union = "union" Reserved r(110, 100, 0, 0);
    Enum = "enum" Reserved r(110, 100, 0, 0);
    Typedef = "typedef" Reserved r(110, 100, 0, 0);
    Template = "template" Reserved r(110, 100, 0, 0);
    This = "this" Reserved r(110, 100, 0, 0);
    Packed = "packed" Syntax r(110, 100, 140, 300).alt(&[Ext::ARB_uniform_buffer_object]);
    Goto = "goto" Reserved r(110, 100, 0, 0);
    Inline = "inline" Reserved r(110, 100, 0, 0);
    Noinline = "noinline" Reserved r(110, 100, 0, 0);
    Public = "public" Reserved r(110, 100, 0, 0);
    Static = "static" Reserved r(110, 100, 0, 0);
    Extern = "extern" Reserved r(110, 100, 0, 0);
    External = "external" Reserved r(110, 100, 0, 0);
    Interface = "interface" Reserved r(110, 100, 0, 0);
    Long = "long" Reserved r(110, 100, 0, 0);
    Short = "short" Reserved r(110, 100, 0, 0);
    Half = "half" Reserved r(110, 100, 0, 0);
    Fixed = "fixed" Reserved r(110, 100, 0, 0);
    Unsigned = "unsigned" Reserved r(110, 100, 0, 0).alt(GPU_SHADER4);
    Input = "input" Reserved r(110, 100, 0, 0);
    Output = "output" Reserved r(110, 100, 0, 0);
    Hvec2 = "hvec2" Reserved r(110, 100, 0, 0);
    Hvec3 = "hvec3" Reserved r(110, 100, 0, 0);
    Hvec4 = "hvec4" Reserved r(110, 100, 0, 0);
    Fvec2 = "fvec2" Reserved r(110, 100, 0, 0);
    Fvec3 = "fvec3" Reserved r(110, 100, 0, 0);
    Fvec4 = "fvec4" Reserved r(110, 100, 0, 0);
    Sampler3DRect = "sampler3DRect" Reserved r(110, 100, 0, 0);
    Sizeof = "sizeof" Reserved r(110, 100, 0, 0);
    Cast = "cast" Reserved r(110, 100, 0, 0);
    Namespace = "namespace" Reserved r(110, 100, 0, 0);
    Using = "using" Reserved r(110, 100, 0, 0);
    Superp = "superp" Reserved r(130, 100, 0, 0);
    Common = "common" Reserved RESERVED_130;
    Partition = "partition" Reserved RESERVED_130;
    Active = "active" Reserved RESERVED_130;
    Filter = "filter" Reserved RESERVED_130;
    Resource = "resource" Reserved r(420, 300, 0, 0);
    Image1DShadow = "image1DShadow" Reserved r(130, 0, 0, 0);
    Image2DShadow = "image2DShadow" Reserved r(130, 0, 0, 0);
    Image1DArrayShadow = "image1DArrayShadow" Reserved r(130, 0, 0, 0);
    Image2DArrayShadow = "image2DArrayShadow" Reserved r(130, 0, 0, 0);
}

/// How a word is to be read at one point of a shader.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Class {
    /// A keyword of this version.
    Keyword(Keyword),
    /// Reserved in this version: using it is an error.
    Reserved(Keyword),
    /// An ordinary identifier.
    Identifier,
}

impl Keyword {
    #[inline]
    pub fn from_index(i: u32) -> Option<Keyword> {
        KEYWORD_ALL.get(i as usize).copied()
    }

    pub fn text(self) -> &'static str {
        KEYWORD_TEXT[self as usize]
    }

    pub fn category(self) -> Category {
        KEYWORD_CAT[self as usize]
    }

    pub fn rule(self) -> &'static Rule {
        &KEYWORD_RULE[self as usize]
    }

    pub fn all() -> &'static [Keyword] {
        &KEYWORD_ALL
    }

    /// How this word reads in `version` with the extensions in `exts`.
    pub fn classify(self, version: Version, exts: &ExtensionState) -> Class {
        let rule = self.rule();
        if rule.deprecated {
            if version.at_least(rule.reserved_gl, rule.reserved_es) && !version.is_compatibility() {
                return Class::Reserved(self);
            }
            return Class::Keyword(self);
        }
        if version.at_least(rule.keyword_gl, rule.keyword_es) || exts.any_on(rule.alt) {
            Class::Keyword(self)
        } else if version.at_least(rule.reserved_gl, rule.reserved_es) {
            Class::Reserved(self)
        } else {
            Class::Identifier
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn class(k: Keyword, v: Version) -> Class {
        k.classify(v, &ExtensionState::default())
    }

    #[test]
    fn texts_are_unique() {
        let mut seen = std::collections::HashSet::new();
        for k in Keyword::all() {
            assert!(seen.insert(k.text()), "duplicate keyword {}", k.text());
        }
    }

    #[test]
    fn version_gating() {
        use Keyword::{Attribute, Buffer, Double, Flat, Goto, Layout, Precision, Switch, Uint};
        assert_eq!(class(Uint, Version::desktop(110)), Class::Identifier);
        assert_eq!(class(Uint, Version::desktop(130)), Class::Keyword(Uint));
        assert_eq!(class(Uint, Version::es(100)), Class::Identifier);
        assert_eq!(
            class(Switch, Version::desktop(110)),
            Class::Reserved(Switch)
        );
        assert_eq!(class(Switch, Version::es(300)), Class::Keyword(Switch));
        assert_eq!(
            class(Attribute, Version::es(300)),
            Class::Reserved(Attribute)
        );
        assert_eq!(
            class(Attribute, Version::es(100)),
            Class::Keyword(Attribute)
        );
        assert_eq!(
            class(Attribute, Version::desktop(330)),
            Class::Keyword(Attribute)
        );
        assert_eq!(
            class(
                Attribute,
                Version::new(450, crate::version::Profile::Compatibility)
            ),
            Class::Keyword(Attribute)
        );
        assert_eq!(class(Double, Version::es(310)), Class::Reserved(Double));
        assert_eq!(class(Flat, Version::es(100)), Class::Reserved(Flat));
        assert_eq!(class(Precision, Version::desktop(110)), Class::Identifier);
        assert_eq!(
            class(Precision, Version::es(100)),
            Class::Keyword(Precision)
        );
        assert_eq!(class(Layout, Version::desktop(120)), Class::Identifier);
        assert_eq!(class(Buffer, Version::es(310)), Class::Keyword(Buffer));
        assert_eq!(class(Goto, Version::desktop(460)), Class::Reserved(Goto));
    }

    #[test]
    fn extensions_enable_keywords() {
        let mut exts = ExtensionState::default();
        assert_eq!(
            Keyword::Layout.classify(Version::desktop(120), &exts),
            Class::Identifier
        );
        exts.set(
            Ext::ARB_explicit_attrib_location,
            crate::extensions::Behavior::Enable,
        );
        assert_eq!(
            Keyword::Layout.classify(Version::desktop(120), &exts),
            Class::Keyword(Keyword::Layout)
        );
    }
}
