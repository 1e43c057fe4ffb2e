//! dEQP shader-library `.test` files (VK-GL-CTS).
//!
//! [`parse`] follows the parser of `framework/opengl/gluShaderLibrary.cpp` token for token
//! (with the few differences of the OpenGL CTS copy, `glcShaderLibrary.cpp`, when the
//! [`Flavor`] is [`Flavor::GlCts`]); [`specialize`] produces the programs each runner compiles,
//! following `modules/glshared/glsShaderLibraryCase.cpp` (GLES: `data/gles2`, `data/gles3`),
//! `external/openglcts/modules/common/glcShaderLibraryCase.cpp` (the `gl_cts` files) and
//! `external/vulkancts/modules/vulkan/vktShaderLibrary.cpp` (the Vulkan `glsl` files): the
//! `${...}` placeholders, the generated pass-through shaders of `both` cases, the float
//! transport of non-float values and the `#extension` lines of `require extension`.

use std::fmt::Write as _;

use crate::{Error, LineIndex, Stage};

/// Which runner executes a file; the specialization differs between them.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Flavor {
    /// `glsShaderLibraryCase.cpp`: the dEQP GLES2/GLES3 modules (`data/gles2`, `data/gles3`).
    Gles,
    /// `glcShaderLibraryCase.cpp`: the OpenGL CTS (`external/openglcts/data/gl_cts`).
    GlCts,
    /// `vktShaderLibrary.cpp`: the Vulkan CTS (`external/vulkancts/data/vulkan/glsl`).
    Vulkan,
}

impl Flavor {
    /// The runner of a file, from its path in the VK-GL-CTS tree.
    pub fn for_path(path: &str) -> Flavor {
        if path.contains("vulkancts") {
            Flavor::Vulkan
        } else if path.contains("openglcts") || path.contains("gl_cts") {
            Flavor::GlCts
        } else {
            Flavor::Gles
        }
    }
}

/// `expect` of a case.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Expect {
    Pass,
    CompileFail,
    LinkFail,
    CompileOrLinkFail,
    ValidationFail,
    BuildSuccessful,
}

impl Expect {
    pub fn name(self) -> &'static str {
        match self {
            Expect::Pass => "pass",
            Expect::CompileFail => "compile_fail",
            Expect::LinkFail => "link_fail",
            Expect::CompileOrLinkFail => "compile_or_link_fail",
            Expect::ValidationFail => "validation_fail",
            Expect::BuildSuccessful => "build_successful",
        }
    }
}

/// `version` of a case (`glu::GLSLVersion`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord, serde::Serialize)]
pub enum GlslVersion {
    Es100,
    Es300,
    Es310,
    Es320,
    V130,
    V140,
    V150,
    V330,
    V400,
    V410,
    V420,
    V430,
    V440,
    V450,
    V460,
}

impl GlslVersion {
    /// The number (100, 300, ..., 460).
    pub fn number(self) -> u16 {
        match self {
            GlslVersion::Es100 => 100,
            GlslVersion::Es300 => 300,
            GlslVersion::Es310 => 310,
            GlslVersion::Es320 => 320,
            GlslVersion::V130 => 130,
            GlslVersion::V140 => 140,
            GlslVersion::V150 => 150,
            GlslVersion::V330 => 330,
            GlslVersion::V400 => 400,
            GlslVersion::V410 => 410,
            GlslVersion::V420 => 420,
            GlslVersion::V430 => 430,
            GlslVersion::V440 => 440,
            GlslVersion::V450 => 450,
            GlslVersion::V460 => 460,
        }
    }

    pub fn is_es(self) -> bool {
        matches!(
            self,
            GlslVersion::Es100 | GlslVersion::Es300 | GlslVersion::Es310 | GlslVersion::Es320
        )
    }

    /// `glu::getGLSLVersionDeclaration`.
    pub fn declaration(self) -> String {
        match self {
            GlslVersion::Es100 => "#version 100".to_string(),
            v if v.is_es() => format!("#version {} es", v.number()),
            v => format!("#version {}", v.number()),
        }
    }

    /// `glu::glslVersionUsesInOutQualifiers`: ES 3.00-3.20 and desktop 3.30-4.60.
    pub fn uses_in_out(self) -> bool {
        !matches!(
            self,
            GlslVersion::Es100 | GlslVersion::V130 | GlslVersion::V140 | GlslVersion::V150
        )
    }

    /// The version for a `version N [suffix]` line, per the flavor's parser.
    fn from_line(number: i64, suffix: &str, flavor: Flavor) -> Option<GlslVersion> {
        let es = suffix == "es";
        Some(match number {
            100 if es => GlslVersion::Es100,
            300 if es => GlslVersion::Es300,
            310 if es => GlslVersion::Es310,
            320 if es && flavor != Flavor::GlCts => GlslVersion::Es320,
            130 => GlslVersion::V130,
            140 => GlslVersion::V140,
            150 => GlslVersion::V150,
            330 => GlslVersion::V330,
            400 => GlslVersion::V400,
            410 => GlslVersion::V410,
            420 => GlslVersion::V420,
            430 => GlslVersion::V430,
            440 => GlslVersion::V440,
            450 => GlslVersion::V450,
            460 if flavor != Flavor::GlCts => GlslVersion::V460,
            _ => return None,
        })
    }
}

/// The basic types a `values` block can hold (`glu::DataType`).
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum DataType {
    Float,
    Vec2,
    Vec3,
    Vec4,
    Mat2,
    Mat2x3,
    Mat2x4,
    Mat3x2,
    Mat3,
    Mat3x4,
    Mat4x2,
    Mat4x3,
    Mat4,
    Int,
    IVec2,
    IVec3,
    IVec4,
    UInt,
    UVec2,
    UVec3,
    UVec4,
    Bool,
    BVec2,
    BVec3,
    BVec4,
}

/// The scalar kind of a [`DataType`].
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum ScalarKind {
    Float,
    Int,
    UInt,
    Bool,
}

const ALL_TYPES: [DataType; 25] = [
    DataType::Float,
    DataType::Vec2,
    DataType::Vec3,
    DataType::Vec4,
    DataType::Mat2,
    DataType::Mat2x3,
    DataType::Mat2x4,
    DataType::Mat3x2,
    DataType::Mat3,
    DataType::Mat3x4,
    DataType::Mat4x2,
    DataType::Mat4x3,
    DataType::Mat4,
    DataType::Int,
    DataType::IVec2,
    DataType::IVec3,
    DataType::IVec4,
    DataType::UInt,
    DataType::UVec2,
    DataType::UVec3,
    DataType::UVec4,
    DataType::Bool,
    DataType::BVec2,
    DataType::BVec3,
    DataType::BVec4,
];

impl DataType {
    /// The GLSL name (`glu::getDataTypeName`).
    pub fn name(self) -> &'static str {
        match self {
            DataType::Float => "float",
            DataType::Vec2 => "vec2",
            DataType::Vec3 => "vec3",
            DataType::Vec4 => "vec4",
            DataType::Mat2 => "mat2",
            DataType::Mat2x3 => "mat2x3",
            DataType::Mat2x4 => "mat2x4",
            DataType::Mat3x2 => "mat3x2",
            DataType::Mat3 => "mat3",
            DataType::Mat3x4 => "mat3x4",
            DataType::Mat4x2 => "mat4x2",
            DataType::Mat4x3 => "mat4x3",
            DataType::Mat4 => "mat4",
            DataType::Int => "int",
            DataType::IVec2 => "ivec2",
            DataType::IVec3 => "ivec3",
            DataType::IVec4 => "ivec4",
            DataType::UInt => "uint",
            DataType::UVec2 => "uvec2",
            DataType::UVec3 => "uvec3",
            DataType::UVec4 => "uvec4",
            DataType::Bool => "bool",
            DataType::BVec2 => "bvec2",
            DataType::BVec3 => "bvec3",
            DataType::BVec4 => "bvec4",
        }
    }

    pub fn from_name(name: &str) -> Option<DataType> {
        ALL_TYPES.iter().copied().find(|t| t.name() == name)
    }

    pub fn scalar_kind(self) -> ScalarKind {
        use DataType::*;
        match self {
            Float | Vec2 | Vec3 | Vec4 | Mat2 | Mat2x3 | Mat2x4 | Mat3x2 | Mat3 | Mat3x4
            | Mat4x2 | Mat4x3 | Mat4 => ScalarKind::Float,
            Int | IVec2 | IVec3 | IVec4 => ScalarKind::Int,
            UInt | UVec2 | UVec3 | UVec4 => ScalarKind::UInt,
            Bool | BVec2 | BVec3 | BVec4 => ScalarKind::Bool,
        }
    }

    /// (columns, rows) of a matrix type.
    pub fn matrix_dims(self) -> Option<(usize, usize)> {
        use DataType::*;
        Some(match self {
            Mat2 => (2, 2),
            Mat2x3 => (2, 3),
            Mat2x4 => (2, 4),
            Mat3x2 => (3, 2),
            Mat3 => (3, 3),
            Mat3x4 => (3, 4),
            Mat4x2 => (4, 2),
            Mat4x3 => (4, 3),
            Mat4 => (4, 4),
            _ => return None,
        })
    }

    pub fn is_matrix(self) -> bool {
        self.matrix_dims().is_some()
    }

    /// Number of scalars.
    pub fn scalar_size(self) -> usize {
        use DataType::*;
        if let Some((c, r)) = self.matrix_dims() {
            return c * r;
        }
        match self {
            Vec2 | IVec2 | UVec2 | BVec2 => 2,
            Vec3 | IVec3 | UVec3 | BVec3 => 3,
            Vec4 | IVec4 | UVec4 | BVec4 => 4,
            _ => 1,
        }
    }

    fn vector(kind: ScalarKind, size: usize) -> DataType {
        use DataType::*;
        let table = match kind {
            ScalarKind::Float => [Float, Vec2, Vec3, Vec4],
            ScalarKind::Int => [Int, IVec2, IVec3, IVec4],
            ScalarKind::UInt => [UInt, UVec2, UVec3, UVec4],
            ScalarKind::Bool => [Bool, BVec2, BVec3, BVec4],
        };
        table[size.clamp(1, 4) - 1]
    }

    /// `glu::getDataTypeFloatScalars`: the float type with the same shape.
    pub fn float_scalars(self) -> DataType {
        if self.is_matrix() {
            self
        } else {
            DataType::vector(ScalarKind::Float, self.scalar_size())
        }
    }

    /// The Vulkan runner's transport type: booleans travel as ints.
    fn vk_transport(self) -> DataType {
        if self.scalar_kind() == ScalarKind::Bool {
            DataType::vector(ScalarKind::Int, self.scalar_size())
        } else {
            self
        }
    }

    fn vk_transport_locations(self) -> usize {
        self.matrix_dims().map_or(1, |(c, _)| c)
    }
}

/// One scalar of a value.
#[derive(Copy, Clone, PartialEq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Scalar {
    Float(f32),
    /// `int` and `uint` values (the runner keeps both as 32-bit integers).
    Int(i32),
    Bool(bool),
}

/// Where a value goes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Storage {
    Input,
    Output,
    Uniform,
}

/// One line of a `values` block.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Value {
    pub storage: Storage,
    pub ty: DataType,
    pub name: String,
    /// All scalars, sub-case after sub-case (`ty.scalar_size()` each).
    pub elements: Vec<Scalar>,
    /// Number of sub-cases written (`[a | b | c]` has 3, a single value 1).
    pub array_length: usize,
}

impl Value {
    /// The scalars of sub-case `i`, if there are that many.
    pub fn sub_case(&self, i: usize) -> Option<&[Scalar]> {
        let n = self.ty.scalar_size();
        self.elements.get(i * n..(i + 1) * n)
    }
}

/// A `values { ... }` block, in file order.
#[derive(Clone, PartialEq, Debug, Default, serde::Serialize)]
pub struct ValueBlock {
    pub values: Vec<Value>,
}

impl ValueBlock {
    pub fn inputs(&self) -> impl Iterator<Item = &Value> {
        self.values.iter().filter(|v| v.storage == Storage::Input)
    }
    pub fn outputs(&self) -> impl Iterator<Item = &Value> {
        self.values.iter().filter(|v| v.storage == Storage::Output)
    }
    pub fn uniforms(&self) -> impl Iterator<Item = &Value> {
        self.values.iter().filter(|v| v.storage == Storage::Uniform)
    }

    /// Number of sub-cases the runner renders (at least one).
    pub fn sub_case_count(&self) -> usize {
        self.values
            .iter()
            .map(|v| v.array_length)
            .max()
            .unwrap_or(1)
            .max(1)
    }
}

/// A `require` line.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Requirement {
    /// `require extension { "A" | "B" } [in { stages }]`: one of the alternatives must be
    /// supported; `#extension <chosen> : require` is inserted in the given stages (all when
    /// `stages` is `None`).
    Extension {
        alternatives: Vec<String>,
        stages: Option<Vec<Stage>>,
    },
    /// `require limit "GL_MAX_..." > N`.
    Limit {
        name: String,
        greater_than: i32,
    },
    FullGlslEs100Support,
    OnlyGlslEs100Support,
    ExactlyOneDrawBuffer,
}

/// One `pipeline_program ... end` block, or the single program of an ordinary case.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct ProgramSpec {
    /// `active_stages` (pipeline programs only).
    pub active_stages: Vec<Stage>,
    /// Extension requirements that apply to this program.
    pub required_extensions: Vec<Requirement>,
    /// Sources in file order (several per stage are allowed).
    pub sources: Vec<(Stage, String)>,
}

/// What a case compiles.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum CaseSources {
    /// `both "" ... ""`: run once as the vertex shader and once as the fragment shader.
    Both(String),
    /// Explicit stages, one non-separable program.
    Complete(ProgramSpec),
    /// `pipeline_program` blocks: separable programs.
    Pipeline(Vec<ProgramSpec>),
}

/// One `case ... end` block.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Case {
    /// The file the case is written in (the importing file's name for the top level).
    pub file: String,
    /// 1-based line of `case`.
    pub line: usize,
    /// Enclosing group names, outermost first.
    pub groups: Vec<String>,
    pub name: String,
    pub description: String,
    /// `version` (100 es when absent).
    pub version: GlslVersion,
    pub expect: Expect,
    /// `output_color <type>` (a type name the runner does not know is kept as `None`).
    pub output_color: Option<DataType>,
    pub output_color_given: bool,
    /// The (first) `values` block.
    pub values: ValueBlock,
    /// Further `values` blocks (only the OpenGL CTS parser allows them; its runner uses the
    /// first one to specialize).
    pub extra_value_blocks: Vec<ValueBlock>,
    /// Every `require` line of the case (extension requirements of pipeline programs are in
    /// their [`ProgramSpec`]).
    pub requirements: Vec<Requirement>,
    pub sources: CaseSources,
}

impl Case {
    /// `group.group.case`.
    pub fn full_name(&self) -> String {
        let mut s = self.groups.join(".");
        if !s.is_empty() {
            s.push('.');
        }
        s.push_str(&self.name);
        s
    }

    /// Whether a capability `require` of this kind is present.
    pub fn requires(&self, r: &Requirement) -> bool {
        self.requirements.contains(r)
    }
}

// ---------------------------------------------------------------------------------------------
// Tokenizer (gluShaderLibrary.cpp ShaderParser::advanceToken)

#[derive(Copy, Clone, PartialEq, Eq, Debug)]
enum Tok {
    Invalid,
    Eof,
    Str,
    Source,
    Int,
    Float,
    Ident,
    True,
    False,
    Desc,
    Expect,
    Group,
    Case,
    End,
    OutputColor,
    Format,
    Values,
    Both,
    Vertex,
    Fragment,
    Uniform,
    Input,
    Output,
    Type(DataType),
    Version,
    TessControl,
    TessEval,
    Geometry,
    Require,
    In,
    Import,
    PipelineProgram,
    ActiveStages,
    Assign,
    Plus,
    Minus,
    Comma,
    Bar,
    Semi,
    LParen,
    RParen,
    LBracket,
    RBracket,
    LBrace,
    RBrace,
    Greater,
}

fn tok_name(t: Tok) -> &'static str {
    match t {
        Tok::Invalid => "<invalid>",
        Tok::Eof => "<eof>",
        Tok::Str => "<string>",
        Tok::Source => "source",
        Tok::Int => "<int>",
        Tok::Float => "<float>",
        Tok::Ident => "<identifier>",
        Tok::True => "true",
        Tok::False => "false",
        Tok::Desc => "desc",
        Tok::Expect => "expect",
        Tok::Group => "group",
        Tok::Case => "case",
        Tok::End => "end",
        Tok::OutputColor => "output_color",
        Tok::Format => "format",
        Tok::Values => "values",
        Tok::Both => "both",
        Tok::Vertex => "vertex",
        Tok::Fragment => "fragment",
        Tok::Uniform => "uniform",
        Tok::Input => "input",
        Tok::Output => "output",
        Tok::Type(t) => t.name(),
        Tok::Version => "version",
        Tok::TessControl => "tessellation_control",
        Tok::TessEval => "tessellation_evaluation",
        Tok::Geometry => "geometry",
        Tok::Require => "require",
        Tok::In => "in",
        Tok::Import => "import",
        Tok::PipelineProgram => "pipeline_program",
        Tok::ActiveStages => "active_stages",
        Tok::Assign => "=",
        Tok::Plus => "+",
        Tok::Minus => "-",
        Tok::Comma => ",",
        Tok::Bar => "|",
        Tok::Semi => ";",
        Tok::LParen => "(",
        Tok::RParen => ")",
        Tok::LBracket => "[",
        Tok::RBracket => "]",
        Tok::LBrace => "{",
        Tok::RBrace => "}",
        Tok::Greater => ">",
    }
}

fn keyword(word: &[u8], flavor: Flavor) -> Option<Tok> {
    // The OpenGL CTS parser knows fewer words; the others are identifiers there.
    const NOT_IN_GL_CTS: [&[u8]; 10] = [
        b"output_color",
        b"format",
        b"tessellation_control",
        b"tessellation_evaluation",
        b"geometry",
        b"require",
        b"in",
        b"import",
        b"pipeline_program",
        b"active_stages",
    ];
    if flavor == Flavor::GlCts && NOT_IN_GL_CTS.contains(&word) {
        return None;
    }
    Some(match word {
        b"true" => Tok::True,
        b"false" => Tok::False,
        b"desc" => Tok::Desc,
        b"expect" => Tok::Expect,
        b"group" => Tok::Group,
        b"case" => Tok::Case,
        b"end" => Tok::End,
        b"output_color" => Tok::OutputColor,
        b"format" => Tok::Format,
        b"values" => Tok::Values,
        b"both" => Tok::Both,
        b"vertex" => Tok::Vertex,
        b"fragment" => Tok::Fragment,
        b"uniform" => Tok::Uniform,
        b"input" => Tok::Input,
        b"output" => Tok::Output,
        b"version" => Tok::Version,
        b"tessellation_control" => Tok::TessControl,
        b"tessellation_evaluation" => Tok::TessEval,
        b"geometry" => Tok::Geometry,
        b"require" => Tok::Require,
        b"in" => Tok::In,
        b"import" => Tok::Import,
        b"pipeline_program" => Tok::PipelineProgram,
        b"active_stages" => Tok::ActiveStages,
        _ => {
            let s = std::str::from_utf8(word).ok()?;
            return DataType::from_name(s).map(Tok::Type);
        }
    })
}

fn is_ws(c: u8) -> bool {
    matches!(c, b' ' | b'\t' | b'\r' | b'\n')
}

fn is_eol(c: u8) -> bool {
    matches!(c, b'\r' | b'\n')
}

fn is_name_char(c: u8) -> bool {
    c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.')
}

/// Nesting limits (the runner has none; these keep hostile input from exhausting the stack).
const MAX_GROUP_DEPTH: usize = 200;
const MAX_IMPORT_DEPTH: usize = 16;

/// How `import "file"` is resolved: given the path the runner would open (the importing file's
/// directory joined with the name), return the text.
pub type ImportResolver<'a> = dyn FnMut(&str) -> Result<String, String> + 'a;

struct Parser<'s, 'r, 'o> {
    src: &'s [u8],
    file: &'s str,
    flavor: Flavor,
    lines: LineIndex,
    /// Start of the current token.
    pos: usize,
    /// End of the current token.
    end: usize,
    tok: Tok,
    resolver: &'r mut ImportResolver<'o>,
    import_depth: usize,
    groups: Vec<String>,
    out: Vec<Case>,
}

type PResult<T> = Result<T, Error>;

impl<'s, 'r, 'o> Parser<'s, 'r, 'o> {
    fn new(
        src: &'s str,
        file: &'s str,
        flavor: Flavor,
        resolver: &'r mut ImportResolver<'o>,
        import_depth: usize,
        groups: Vec<String>,
    ) -> Self {
        let bytes = src.as_bytes();
        Parser {
            src: bytes,
            file,
            flavor,
            lines: LineIndex::new(bytes),
            pos: 0,
            end: 0,
            tok: Tok::Invalid,
            resolver,
            import_depth,
            groups,
            out: Vec::new(),
        }
    }

    fn at(&self, i: usize) -> u8 {
        self.src.get(i).copied().unwrap_or(0)
    }

    fn text(&self) -> String {
        String::from_utf8_lossy(&self.src[self.pos..self.end]).into_owned()
    }

    fn error(&self, msg: impl Into<String>) -> Error {
        Error {
            file: self.file.to_string(),
            line: self.lines.line(self.pos),
            message: msg.into(),
        }
    }

    fn advance(&mut self) -> PResult<()> {
        let mut p = self.end;
        loop {
            while is_ws(self.at(p)) {
                p += 1;
            }
            if self.at(p) == b'#' {
                while p < self.src.len() && !is_eol(self.src[p]) {
                    p += 1;
                }
            } else {
                break;
            }
        }
        self.pos = p;
        let c = self.at(p);
        if p >= self.src.len() || c == 0 {
            // The runner reads a NUL-terminated buffer: an embedded NUL ends the file.
            self.tok = Tok::Eof;
            self.end = p;
            return Ok(());
        }
        if c.is_ascii_alphabetic() {
            let mut e = p + 1;
            while is_name_char(self.at(e)) {
                e += 1;
            }
            self.tok = keyword(&self.src[p..e], self.flavor).unwrap_or(Tok::Ident);
            self.end = e;
        } else if c.is_ascii_digit() {
            let mut e = p;
            while self.at(e).is_ascii_digit() {
                e += 1;
            }
            if self.at(e) == b'.' {
                e += 1;
                while self.at(e).is_ascii_digit() {
                    e += 1;
                }
                if matches!(self.at(e), b'e' | b'E') {
                    e += 1;
                    if matches!(self.at(e), b'+' | b'-') {
                        e += 1;
                    }
                    while self.at(e).is_ascii_digit() {
                        e += 1;
                    }
                }
                self.tok = Tok::Float;
            } else {
                self.tok = Tok::Int;
            }
            self.end = e;
        } else if c == b'"' && self.at(p + 1) == b'"' {
            let mut e = p + 2;
            loop {
                if e + 1 >= self.src.len() {
                    return Err(self.error("unterminated shader source (missing closing \"\")"));
                }
                if self.src[e] == b'"' && self.src[e + 1] == b'"' {
                    break;
                }
                e += if self.src[e] == b'\\' { 2 } else { 1 };
            }
            self.tok = Tok::Source;
            self.end = e + 2;
        } else if c == b'"' || c == b'\'' {
            let mut e = p + 1;
            loop {
                if e >= self.src.len() {
                    return Err(self.error("unterminated string"));
                }
                if self.src[e] == c {
                    break;
                }
                e += if self.src[e] == b'\\' { 2 } else { 1 };
            }
            self.tok = Tok::Str;
            self.end = e + 1;
        } else {
            self.tok = match c {
                b'=' => Tok::Assign,
                b'+' => Tok::Plus,
                b'-' => Tok::Minus,
                b',' => Tok::Comma,
                b'|' => Tok::Bar,
                b';' => Tok::Semi,
                b'(' => Tok::LParen,
                b')' => Tok::RParen,
                b'[' => Tok::LBracket,
                b']' => Tok::RBracket,
                b'{' => Tok::LBrace,
                b'}' => Tok::RBrace,
                b'>' if self.flavor != Flavor::GlCts => Tok::Greater,
                _ => Tok::Invalid,
            };
            // One character (a whole UTF-8 sequence for the error message).
            let mut e = p + 1;
            while e < self.src.len() && (self.src[e] & 0xC0) == 0x80 {
                e += 1;
            }
            self.end = e;
        }
        Ok(())
    }

    fn assume(&self, t: Tok) -> PResult<()> {
        if self.tok != t {
            return Err(self.error(format!(
                "unexpected token '{}', expecting '{}'",
                self.text(),
                tok_name(t)
            )));
        }
        Ok(())
    }

    fn expect_tok(&mut self, t: Tok) -> PResult<()> {
        self.assume(t)?;
        self.advance()
    }

    /// `parseStringLiteral`: the text between the quotes with `\n`, `\t` and `\X` escapes.
    fn string_literal(&self) -> String {
        let raw = &self.src[self.pos..self.end];
        let mut out = Vec::with_capacity(raw.len());
        let end_char = raw.first().copied().unwrap_or(b'"');
        let mut i = 1;
        while i < raw.len() && raw[i] != end_char {
            if raw[i] == b'\\' {
                match raw.get(i + 1) {
                    Some(b'n') => out.push(b'\n'),
                    Some(b't') => out.push(b'\t'),
                    Some(&c) => out.push(c),
                    None => {}
                }
                i += 2;
            } else {
                out.push(raw[i]);
                i += 1;
            }
        }
        String::from_utf8_lossy(&out).into_owned()
    }

    /// `parseShaderSource`.
    fn shader_source(&self) -> String {
        let raw = &self.src[self.pos..self.end];
        let body = &raw[2..raw.len().saturating_sub(2).max(2)];
        let mut p = 0;
        while body.get(p) == Some(&b' ') {
            p += 1;
        }
        if self.flavor == Flavor::GlCts {
            // glcShaderLibrary.cpp eats every leading end of line.
            while body.get(p).is_some_and(|&c| is_eol(c)) {
                p += 1;
            }
        } else {
            if body.get(p) == Some(&b'\r') {
                p += 1;
            }
            if body.get(p) == Some(&b'\n') {
                p += 1;
            }
        }
        let mut out = Vec::with_capacity(body.len());
        while p < body.len() {
            if body[p] == b'\\' {
                match body.get(p + 1) {
                    Some(b'n') => out.push(b'\n'),
                    Some(b't') => out.push(b'\t'),
                    Some(&c) => out.push(c),
                    None => {}
                }
                p += 2;
            } else {
                out.push(body[p]);
                p += 1;
            }
        }
        remove_extra_indentation(&String::from_utf8_lossy(&out))
    }

    fn int_value(&self) -> i64 {
        let s = &self.src[self.pos..self.end];
        if self.flavor == Flavor::GlCts {
            strtoll_base0(s)
        } else {
            // atoi: strtol with base 10, then a cast to int.
            i64::from(parse_decimal_saturating(s) as i32)
        }
    }

    fn float_value(&self) -> f32 {
        let s = String::from_utf8_lossy(&self.src[self.pos..self.end]).into_owned();
        // atof of the token: the tokenizer only makes digits[.digits][e[+-]digits].
        let trimmed = s.trim_end_matches(['e', 'E', '+', '-']);
        trimmed.parse::<f64>().map_or(0.0, |v| v as f32)
    }

    // --- grammar -------------------------------------------------------------------------

    fn parse_top(&mut self) -> PResult<()> {
        self.advance()?;
        loop {
            match self.tok {
                Tok::Case => self.parse_case()?,
                Tok::Group => self.parse_group()?,
                Tok::Import if self.flavor != Flavor::GlCts => self.parse_import()?,
                Tok::Eof => break,
                _ => {
                    return Err(self.error(format!(
                        "invalid token encountered at main level: '{}'",
                        self.text()
                    )))
                }
            }
        }
        Ok(())
    }

    fn parse_group(&mut self) -> PResult<()> {
        if self.groups.len() >= MAX_GROUP_DEPTH {
            return Err(self.error("groups nested too deeply"));
        }
        self.expect_tok(Tok::Group)?;
        let name = self.text();
        self.advance()?;
        self.assume(Tok::Str)?;
        let _description = self.string_literal();
        self.advance()?;
        self.groups.push(name);
        loop {
            match self.tok {
                Tok::End => break,
                Tok::Group => self.parse_group()?,
                Tok::Case => self.parse_case()?,
                Tok::Import if self.flavor != Flavor::GlCts => self.parse_import()?,
                _ => {
                    return Err(self.error(format!(
                        "unexpected token while parsing shader group: {}",
                        self.text()
                    )))
                }
            }
        }
        self.expect_tok(Tok::End)?;
        self.groups.pop();
        Ok(())
    }

    fn parse_import(&mut self) -> PResult<()> {
        let line = self.lines.line(self.pos);
        self.expect_tok(Tok::Import)?;
        self.assume(Tok::Str)?;
        let name = self.string_literal();
        self.advance()?;
        if self.import_depth >= MAX_IMPORT_DEPTH {
            return Err(Error {
                file: self.file.to_string(),
                line,
                message: format!("imports nested too deeply at \"{name}\""),
            });
        }
        let path = join_path(self.file, &name);
        let text = (self.resolver)(&path).map_err(|e| Error {
            file: self.file.to_string(),
            line,
            message: format!("cannot import \"{name}\": {e}"),
        })?;
        let mut sub = Parser::new(
            &text,
            &path,
            self.flavor,
            &mut *self.resolver,
            self.import_depth + 1,
            self.groups.clone(),
        );
        sub.parse_top()?;
        let cases = std::mem::take(&mut sub.out);
        self.out.extend(cases);
        Ok(())
    }

    fn stage_literal(&self) -> PResult<Stage> {
        Ok(match self.tok {
            Tok::Vertex => Stage::Vertex,
            Tok::Fragment => Stage::Fragment,
            Tok::Geometry => Stage::Geometry,
            Tok::TessControl => Stage::TessControl,
            Tok::TessEval => Stage::TessEval,
            _ => return Err(self.error(format!("invalid shader stage name, got {}", self.text()))),
        })
    }

    fn parse_stage_list(&mut self) -> PResult<Vec<Stage>> {
        self.assume(Tok::LBrace)?;
        self.advance()?;
        let mut list = vec![self.stage_literal()?];
        self.advance()?;
        loop {
            match self.tok {
                Tok::RBrace => break,
                Tok::Comma => {
                    self.advance()?;
                    let s = self.stage_literal()?;
                    if list.contains(&s) {
                        return Err(self.error(format!(
                            "stage already set in the shader stage set: {}",
                            self.text()
                        )));
                    }
                    list.push(s);
                    self.advance()?;
                }
                _ => {
                    return Err(
                        self.error(format!("invalid shader stage set token: {}", self.text()))
                    )
                }
            }
        }
        self.expect_tok(Tok::RBrace)?;
        Ok(list)
    }

    fn parse_requirement(&mut self) -> PResult<Requirement> {
        self.advance()?;
        self.assume(Tok::Ident)?;
        let what = self.text();
        match what.as_str() {
            "extension" => {
                self.advance()?;
                self.assume(Tok::LBrace)?;
                self.advance()?;
                self.assume(Tok::Str)?;
                let mut alternatives = vec![self.string_literal()];
                self.advance()?;
                loop {
                    match self.tok {
                        Tok::RBrace => break,
                        Tok::Bar => {
                            self.advance()?;
                            self.assume(Tok::Str)?;
                            alternatives.push(self.string_literal());
                            self.advance()?;
                        }
                        _ => {
                            return Err(self
                                .error(format!("invalid extension list token: {}", self.text())))
                        }
                    }
                }
                self.expect_tok(Tok::RBrace)?;
                let stages = if self.tok == Tok::In {
                    self.advance()?;
                    Some(self.parse_stage_list()?)
                } else {
                    None
                };
                Ok(Requirement::Extension {
                    alternatives,
                    stages,
                })
            }
            "limit" => {
                self.advance()?;
                self.assume(Tok::Str)?;
                let name = self.string_literal();
                const KNOWN: [&str; 4] = [
                    "GL_MAX_VERTEX_IMAGE_UNIFORMS",
                    "GL_MAX_VERTEX_ATOMIC_COUNTERS",
                    "GL_MAX_VERTEX_SHADER_STORAGE_BLOCKS",
                    "GL_MAX_FRAGMENT_SHADER_STORAGE_BLOCKS",
                ];
                if !KNOWN.contains(&name.as_str()) {
                    return Err(self.error(format!("unknown enum name, got {name}")));
                }
                self.advance()?;
                self.assume(Tok::Greater)?;
                self.advance()?;
                self.assume(Tok::Int)?;
                let value = self.int_value() as i32;
                self.advance()?;
                Ok(Requirement::Limit {
                    name,
                    greater_than: value,
                })
            }
            "full_glsl_es_100_support" => {
                self.advance()?;
                Ok(Requirement::FullGlslEs100Support)
            }
            "only_glsl_es_100_support" => {
                self.advance()?;
                Ok(Requirement::OnlyGlslEs100Support)
            }
            "exactly_one_draw_buffer" => {
                self.advance()?;
                Ok(Requirement::ExactlyOneDrawBuffer)
            }
            _ => Err(self.error(format!("invalid requirement value: {what}"))),
        }
    }

    fn parse_value_element(&mut self, ty: DataType, out: &mut Vec<Scalar>) -> PResult<()> {
        let n = ty.scalar_size();
        if n > 1 {
            // The runner only asserts (in debug builds) that this is the value's type.
            self.advance()?;
            self.expect_tok(Tok::LParen)?;
        }
        for i in 0..n {
            match ty.scalar_kind() {
                ScalarKind::Float => {
                    let mut sign = 1.0f32;
                    if self.tok == Tok::Minus {
                        sign = -1.0;
                        self.advance()?;
                    }
                    self.assume(Tok::Float)?;
                    out.push(Scalar::Float(sign * self.float_value()));
                    self.advance()?;
                }
                ScalarKind::Int | ScalarKind::UInt => {
                    let mut sign = 1i64;
                    if self.tok == Tok::Minus {
                        sign = -1;
                        self.advance()?;
                    }
                    self.assume(Tok::Int)?;
                    let v = sign.wrapping_mul(self.int_value());
                    out.push(Scalar::Int(v as i32));
                    self.advance()?;
                }
                ScalarKind::Bool => {
                    let v = match self.tok {
                        Tok::True => true,
                        Tok::False => false,
                        _ => {
                            return Err(self.error(format!(
                                "unexpected token, expecting bool: {}",
                                self.text()
                            )))
                        }
                    };
                    out.push(Scalar::Bool(v));
                    self.advance()?;
                }
            }
            if i + 1 != n {
                self.expect_tok(Tok::Comma)?;
            }
        }
        if n > 1 {
            self.expect_tok(Tok::RParen)?;
        }
        Ok(())
    }

    fn parse_value(&mut self, block: &mut ValueBlock) -> PResult<()> {
        let storage = match self.tok {
            Tok::Uniform => Storage::Uniform,
            Tok::Input => Storage::Input,
            Tok::Output => Storage::Output,
            _ => {
                return Err(self.error("unexpected token encountered when parsing value classifier"))
            }
        };
        self.advance()?;
        let Tok::Type(ty) = self.tok else {
            return Err(self.error(format!(
                "unexpected token when parsing value data type: {}",
                self.text()
            )));
        };
        self.advance()?;
        let name = match self.tok {
            Tok::Ident => self.text(),
            Tok::Str => self.string_literal(),
            _ => {
                return Err(self.error(format!(
                    "unexpected token when parsing value name: {}",
                    self.text()
                )))
            }
        };
        self.advance()?;
        self.expect_tok(Tok::Assign)?;
        let mut elements = Vec::new();
        let mut array_length = 0;
        if self.tok == Tok::LBracket {
            self.advance()?;
            loop {
                self.parse_value_element(ty, &mut elements)?;
                array_length += 1;
                match self.tok {
                    Tok::RBracket => break,
                    Tok::Bar => self.advance()?,
                    _ => {
                        return Err(self.error(format!(
                            "unexpected token in value element array: {}",
                            self.text()
                        )))
                    }
                }
            }
            self.expect_tok(Tok::RBracket)?;
        } else {
            self.parse_value_element(ty, &mut elements)?;
            array_length = 1;
        }
        self.expect_tok(Tok::Semi)?;
        block.values.push(Value {
            storage,
            ty,
            name,
            elements,
            array_length,
        });
        Ok(())
    }

    fn parse_value_block(&mut self) -> PResult<ValueBlock> {
        self.expect_tok(Tok::Values)?;
        self.expect_tok(Tok::LBrace)?;
        let mut block = ValueBlock::default();
        loop {
            match self.tok {
                Tok::Uniform | Tok::Input | Tok::Output => self.parse_value(&mut block)?,
                Tok::RBrace => break,
                _ => {
                    return Err(self.error(format!(
                        "unexpected token when parsing a value block: {}",
                        self.text()
                    )))
                }
            }
        }
        self.expect_tok(Tok::RBrace)?;
        Ok(block)
    }

    fn parse_version(&mut self) -> PResult<GlslVersion> {
        self.assume(Tok::Int)?;
        let number = self.int_value();
        self.advance()?;
        let mut suffix = String::new();
        if self.tok == Tok::Ident {
            suffix = self.text();
            self.advance()?;
        }
        GlslVersion::from_line(number, &suffix, self.flavor)
            .ok_or_else(|| self.error(format!("Unknown GLSL version {number} {suffix}")))
    }

    fn parse_pipeline_program(&mut self) -> PResult<ProgramSpec> {
        let start = self.pos;
        self.expect_tok(Tok::PipelineProgram)?;
        let mut program = ProgramSpec {
            active_stages: Vec::new(),
            required_extensions: Vec::new(),
            sources: Vec::new(),
        };
        loop {
            match self.tok {
                Tok::End => break,
                Tok::ActiveStages => {
                    self.advance()?;
                    program.active_stages = self.parse_stage_list()?;
                }
                Tok::Require => {
                    let r = self.parse_requirement()?;
                    if !matches!(r, Requirement::Extension { .. }) {
                        return Err(self.error(
                            "only extension requirements are allowed inside pipeline program",
                        ));
                    }
                    program.required_extensions.push(r);
                }
                Tok::Vertex | Tok::Fragment | Tok::TessControl | Tok::TessEval | Tok::Geometry => {
                    let stage = self.stage_literal()?;
                    self.advance()?;
                    self.assume(Tok::Source)?;
                    program.sources.push((stage, self.shader_source()));
                    self.advance()?;
                }
                _ => {
                    return Err(
                        self.error(format!("invalid pipeline program value: {}", self.text()))
                    )
                }
            }
        }
        self.expect_tok(Tok::End)?;
        if program.active_stages.is_empty() {
            return Err(Error {
                file: self.file.to_string(),
                line: self.lines.line(start),
                message: "program pipeline object must have active stages".into(),
            });
        }
        Ok(program)
    }

    fn parse_case(&mut self) -> PResult<()> {
        let line = self.lines.line(self.pos);
        self.expect_tok(Tok::Case)?;
        let name = self.text();
        self.advance()?;

        let mut version = GlslVersion::Es100;
        let mut expect = Expect::Pass;
        let mut output_color = None;
        let mut output_color_given = false;
        let mut description = String::new();
        let mut both: Option<String> = None;
        let mut sources: Vec<(Stage, String)> = Vec::new();
        let mut values: Option<ValueBlock> = None;
        let mut extra_value_blocks = Vec::new();
        let mut requirements = Vec::new();
        let mut pipeline: Vec<ProgramSpec> = Vec::new();

        loop {
            match self.tok {
                Tok::End => break,
                Tok::Desc => {
                    self.advance()?;
                    self.assume(Tok::Str)?;
                    description = self.string_literal();
                    self.advance()?;
                }
                Tok::Expect => {
                    self.advance()?;
                    self.assume(Tok::Ident)?;
                    let word = self.text();
                    expect = match word.as_str() {
                        "pass" => Expect::Pass,
                        "compile_fail" => Expect::CompileFail,
                        "link_fail" => Expect::LinkFail,
                        "compile_or_link_fail" if self.flavor != Flavor::GlCts => {
                            Expect::CompileOrLinkFail
                        }
                        "validation_fail" if self.flavor != Flavor::GlCts => Expect::ValidationFail,
                        "build_successful" if self.flavor != Flavor::GlCts => {
                            Expect::BuildSuccessful
                        }
                        _ => {
                            return Err(self.error(format!("invalid expected result value: {word}")))
                        }
                    };
                    self.advance()?;
                }
                Tok::OutputColor => {
                    self.advance()?;
                    output_color_given = true;
                    output_color = match self.tok {
                        Tok::Type(t) => Some(t),
                        _ => None,
                    };
                    self.advance()?;
                }
                Tok::Values => {
                    let block = self.parse_value_block()?;
                    if values.is_none() {
                        values = Some(block);
                    } else if self.flavor == Flavor::GlCts {
                        extra_value_blocks.push(block);
                    } else {
                        return Err(self.error("multiple value blocks"));
                    }
                }
                Tok::Both
                | Tok::Vertex
                | Tok::Fragment
                | Tok::TessControl
                | Tok::TessEval
                | Tok::Geometry => {
                    let tok = self.tok;
                    self.advance()?;
                    self.assume(Tok::Source)?;
                    let text = self.shader_source();
                    self.advance()?;
                    let stage = match tok {
                        Tok::Vertex => Stage::Vertex,
                        Tok::Fragment => Stage::Fragment,
                        Tok::TessControl => Stage::TessControl,
                        Tok::TessEval => Stage::TessEval,
                        Tok::Geometry => Stage::Geometry,
                        _ => {
                            if both.as_ref().is_some_and(|b| !b.is_empty())
                                && self.flavor != Flavor::GlCts
                            {
                                return Err(self.error("multiple 'both' blocks"));
                            }
                            both = Some(text);
                            continue;
                        }
                    };
                    sources.push((stage, text));
                }
                Tok::Version => {
                    self.advance()?;
                    version = self.parse_version()?;
                }
                Tok::Require => {
                    let r = self.parse_requirement()?;
                    requirements.push(r);
                }
                Tok::PipelineProgram => {
                    let p = self.parse_pipeline_program()?;
                    pipeline.push(p);
                }
                _ => {
                    return Err(self.error(format!(
                        "unexpected token while parsing shader case: {}",
                        self.text()
                    )))
                }
            }
        }
        self.expect_tok(Tok::End)?;

        let case_error = |msg: &str| Error {
            file: self.file.to_string(),
            line,
            message: msg.to_string(),
        };
        // An empty `both` source counts as none, as in the runner (`bothSource.empty()`).
        let both = both.filter(|b| !b.is_empty());
        let global_exts: Vec<Requirement> = requirements
            .iter()
            .filter(|r| matches!(r, Requirement::Extension { .. }))
            .cloned()
            .collect();
        let case_sources = if let Some(b) = both {
            if !sources.is_empty() || !pipeline.is_empty() {
                return Err(case_error(
                    "'both' cannot be mixed with other shader stages",
                ));
            }
            CaseSources::Both(b)
        } else if pipeline.is_empty() {
            CaseSources::Complete(ProgramSpec {
                active_stages: Vec::new(),
                required_extensions: global_exts,
                sources,
            })
        } else {
            if !sources.is_empty() {
                return Err(case_error(
                    "pipeline programs cannot be mixed with complete programs",
                ));
            }
            if !global_exts.is_empty() {
                return Err(case_error(
                    "global extension requirements cannot be mixed with pipeline programs",
                ));
            }
            CaseSources::Pipeline(pipeline)
        };
        self.out.push(Case {
            file: self.file.to_string(),
            line,
            groups: self.groups.clone(),
            name,
            description,
            version,
            expect,
            output_color,
            output_color_given,
            values: values.unwrap_or_default(),
            extra_value_blocks,
            requirements,
            sources: case_sources,
        });
        Ok(())
    }
}

/// `de::FilePath::join(de::FilePath(file).getDirName(), name)`.
fn join_path(file: &str, name: &str) -> String {
    if name.starts_with('/') {
        return name.to_string();
    }
    match file.rfind(['/', '\\']) {
        Some(i) => format!("{}/{}", &file[..i], name),
        None => name.to_string(),
    }
}

/// `strtol(s, NULL, 10)` on a run of digits, saturating like glibc on 64-bit longs.
fn parse_decimal_saturating(s: &[u8]) -> i64 {
    let mut v: i64 = 0;
    for &c in s {
        if !c.is_ascii_digit() {
            break;
        }
        v = match v
            .checked_mul(10)
            .and_then(|v| v.checked_add(i64::from(c - b'0')))
        {
            Some(v) => v,
            None => return i64::MAX,
        };
    }
    v
}

/// `strtoll(s, NULL, 0)` on a run of digits: a leading 0 means octal.
fn strtoll_base0(s: &[u8]) -> i64 {
    if s.len() > 1 && s[0] == b'0' {
        let mut v: i64 = 0;
        for &c in &s[1..] {
            if !(b'0'..=b'7').contains(&c) {
                break;
            }
            v = match v
                .checked_mul(8)
                .and_then(|v| v.checked_add(i64::from(c - b'0')))
            {
                Some(v) => v,
                None => return i64::MAX,
            };
        }
        v
    } else {
        parse_decimal_saturating(s)
    }
}

/// `removeExtraIndentation`: the indentation of the first line (tabs count 4) is removed from
/// every line; `\r\n` becomes `\n`.
fn remove_extra_indentation(source: &str) -> String {
    let b = source.as_bytes();
    let mut indent = 0usize;
    for &c in b {
        if !is_ws(c) {
            break;
        }
        indent += if c == b'\t' { 4 } else { 1 };
    }
    let mut out = Vec::with_capacity(b.len());
    let mut at_line_start = true;
    let mut omitted = 0usize;
    let mut pos = 0;
    while pos < b.len() {
        let c = b[pos];
        if at_line_start && omitted < indent && (c == b' ' || c == b'\t') {
            omitted += if c == b'\t' { 4 } else { 1 };
        } else if is_eol(c) {
            if c == b'\r' && b.get(pos + 1) == Some(&b'\n') {
                pos += 1;
                out.push(b'\n');
            } else {
                out.push(c);
            }
            at_line_start = true;
            omitted = 0;
        } else {
            out.push(c);
            at_line_start = false;
        }
        pos += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

/// Parses a `.test` file. `file` names it in errors and is the base of `import` paths, which
/// `import` resolves (for files without imports, `&mut |_| Err(String::new())` will do).
pub fn parse(
    text: &str,
    file: &str,
    flavor: Flavor,
    import: &mut ImportResolver<'_>,
) -> Result<Vec<Case>, Error> {
    let mut p = Parser::new(text, file, flavor, import, 0, Vec::new());
    p.parse_top()?;
    Ok(p.out)
}

// ---------------------------------------------------------------------------------------------
// Specialization

/// Why a runner does not compile a case.
#[derive(Clone, PartialEq, Eq, Debug, serde::Serialize)]
#[serde(rename_all = "snake_case")]
pub enum SpecializeError {
    /// The runner reports the case as not supported (a required extension is missing).
    NotSupported(String),
    /// `tcu::StringTemplate::specialize` failed: an unknown `${NAME}`, an unknown `:flag` or a
    /// missing `}`. The runner fails the case with an internal error.
    Template(String),
    /// Another internal error of the runner (the Vulkan runner only runs `expect pass`).
    Internal(String),
}

impl std::fmt::Display for SpecializeError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            SpecializeError::NotSupported(m) => write!(f, "not supported: {m}"),
            SpecializeError::Template(m) => write!(f, "template error: {m}"),
            SpecializeError::Internal(m) => write!(f, "internal error: {m}"),
        }
    }
}

/// One program as the runner builds it.
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Program {
    pub separable: bool,
    /// `active_stages` of a pipeline program (empty otherwise).
    pub active_stages: Vec<Stage>,
    /// The shaders, in the runner's order (vertex, fragment, geometry, tessellation control,
    /// tessellation evaluation).
    pub shaders: Vec<(Stage, String)>,
}

/// One test case of the runner: a `both` case makes two (`<name>_vertex`, `<name>_fragment`).
#[derive(Clone, PartialEq, Debug, serde::Serialize)]
pub struct Instance {
    pub name: String,
    pub programs: Result<Vec<Program>, SpecializeError>,
}

/// What the runner asks of the context while specializing.
pub struct SpecializeOptions<'a> {
    pub flavor: Flavor,
    /// `ContextInfo::isExtensionSupported`, for `require extension` (the first supported
    /// alternative is used).
    pub extension_supported: &'a dyn Fn(&str) -> bool,
    /// `GL_MAX_PATCH_VERTICES` of the context (GLES runner, when tessellation is present;
    /// the Vulkan runner always uses 4).
    pub max_patch_vertices: i32,
}

impl SpecializeOptions<'_> {
    /// Every extension supported; `GL_MAX_PATCH_VERTICES` 32 (the ES minimum).
    pub fn permissive(flavor: Flavor) -> SpecializeOptions<'static> {
        SpecializeOptions {
            flavor,
            extension_supported: &|_| true,
            max_patch_vertices: 32,
        }
    }
}

/// `tcu::StringTemplate::specialize`.
pub fn specialize_template(template: &str, params: &[(&str, String)]) -> Result<String, String> {
    let mut out = String::with_capacity(template.len() + 256);
    let mut cur = 0;
    while let Some(found) = template[cur..].find("${") {
        let start = cur + found;
        out.push_str(&template[cur..start]);
        let Some(close) = template[start..].find('}') else {
            return Err("No '}' found in template parameter".into());
        };
        let end = start + close;
        let inner = &template[start + 2..end];
        let (name, single_line, optional) = match inner.find(':') {
            Some(i) => {
                let flags = &inner[i + 1..];
                match flags {
                    "single-line" => (&inner[..i], true, false),
                    "opt" => (&inner[..i], false, true),
                    _ => return Err(format!("Unrecognized flag {inner}")),
                }
            }
            None => (inner, false, false),
        };
        match params.iter().find(|(k, _)| *k == name) {
            Some((_, v)) if single_line => out.push_str(&v.replace('\n', " ")),
            Some((_, v)) => out.push_str(v),
            None if optional => {}
            None => return Err(format!("Value for parameter '{name}' not found in map")),
        }
        cur = end + 1;
    }
    out.push_str(&template[cur..]);
    Ok(out)
}

fn glu_bit(stage: Stage) -> u32 {
    match stage {
        Stage::Vertex => 1 << 0,
        Stage::Fragment => 1 << 1,
        Stage::Geometry => 1 << 2,
        Stage::TessControl => 1 << 3,
        Stage::TessEval => 1 << 4,
        Stage::Compute => 1 << 5,
        _ => 0,
    }
}

/// The order in which the runners specialize stages.
const RUNNER_STAGES: [Stage; 5] = [
    Stage::Vertex,
    Stage::Fragment,
    Stage::Geometry,
    Stage::TessControl,
    Stage::TessEval,
];

/// A required extension after `checkAndSpecializeExtensions`: one name, a stage mask.
struct ChosenExt {
    name: String,
    stages: u32,
}

fn choose_extensions(
    reqs: &[Requirement],
    supported: &dyn Fn(&str) -> bool,
    specialize: bool,
) -> Result<Vec<ChosenExt>, SpecializeError> {
    let mut out = Vec::new();
    for r in reqs {
        let Requirement::Extension {
            alternatives,
            stages,
        } = r
        else {
            continue;
        };
        let mask = stages
            .as_ref()
            .map_or(u32::MAX, |s| s.iter().fold(0, |m, &s| m | glu_bit(s)));
        let name = if specialize {
            match alternatives.iter().find(|a| supported(a)) {
                Some(a) => a.clone(),
                None if alternatives.len() == 1 => {
                    return Err(SpecializeError::NotSupported(format!(
                        "Test requires extension {}",
                        alternatives[0]
                    )))
                }
                None => {
                    return Err(SpecializeError::NotSupported(format!(
                        "Test requires any extension of {}",
                        alternatives.join(", ")
                    )))
                }
            }
        } else {
            alternatives.first().cloned().unwrap_or_default()
        };
        out.push(ChosenExt { name, stages: mask });
    }
    Ok(out)
}

/// `injectExtensionRequirements`: `#extension X : require` lines before the first line that is
/// not a preprocessor directive.
fn inject_extensions(code: &str, exts: &[ChosenExt], stage: Stage) -> String {
    let mut ext_str = String::new();
    for e in exts {
        if e.stages & glu_bit(stage) != 0 {
            let _ = writeln!(ext_str, "#extension {} : require", e.name);
        }
    }
    if ext_str.is_empty() {
        return code.to_string();
    }
    let mut out = String::with_capacity(code.len() + ext_str.len());
    let mut first = true;
    // std::getline: a final line without '\n' is still a line; an empty tail is not.
    let mut lines: Vec<&str> = code.split('\n').collect();
    if code.ends_with('\n') || code.is_empty() {
        lines.pop();
    }
    for line in lines {
        let directive = line.trim_start_matches([' ', '\t']).starts_with('#');
        if !directive && first {
            first = false;
            out.push_str(&ext_str);
        }
        out.push_str(line);
        out.push('\n');
    }
    out
}

fn compare_functions(out: &mut String, values: &ValueBlock, use_float_types: bool, flavor: Flavor) {
    let found = |t: DataType| values.outputs().any(|v| v.ty == t);
    let uint_plus_one = if flavor == Flavor::GlCts { "1" } else { "1u" };
    if use_float_types {
        let lines: [(DataType, String); 12] = [
            (DataType::Bool, "bool isOk (float a, bool b) { return ((a > 0.5) == b); }\n".into()),
            (DataType::BVec2, "bool isOk (vec2 a, bvec2 b) { return (greaterThan(a, vec2(0.5)) == b); }\n".into()),
            (DataType::BVec3, "bool isOk (vec3 a, bvec3 b) { return (greaterThan(a, vec3(0.5)) == b); }\n".into()),
            (DataType::BVec4, "bool isOk (vec4 a, bvec4 b) { return (greaterThan(a, vec4(0.5)) == b); }\n".into()),
            (DataType::Int, "bool isOk (float a, int b)  { float atemp = a+0.5; return (float(b) <= atemp && atemp <= float(b+1)); }\n".into()),
            (DataType::IVec2, "bool isOk (vec2 a, ivec2 b) { return (ivec2(floor(a + 0.5)) == b); }\n".into()),
            (DataType::IVec3, "bool isOk (vec3 a, ivec3 b) { return (ivec3(floor(a + 0.5)) == b); }\n".into()),
            (DataType::IVec4, "bool isOk (vec4 a, ivec4 b) { return (ivec4(floor(a + 0.5)) == b); }\n".into()),
            (DataType::UInt, format!("bool isOk (float a, uint b) {{ float atemp = a+0.5; return (float(b) <= atemp && atemp <= float(b+{uint_plus_one})); }}\n")),
            (DataType::UVec2, "bool isOk (vec2 a, uvec2 b) { return (uvec2(floor(a + 0.5)) == b); }\n".into()),
            (DataType::UVec3, "bool isOk (vec3 a, uvec3 b) { return (uvec3(floor(a + 0.5)) == b); }\n".into()),
            (DataType::UVec4, "bool isOk (vec4 a, uvec4 b) { return (uvec4(floor(a + 0.5)) == b); }\n".into()),
        ];
        for (t, l) in &lines {
            if found(*t) {
                out.push_str(l);
            }
        }
    } else {
        let lines: [(DataType, &str); 12] = [
            (
                DataType::Bool,
                "bool isOk (bool a, bool b)   { return (a == b); }\n",
            ),
            (
                DataType::BVec2,
                "bool isOk (bvec2 a, bvec2 b) { return (a == b); }\n",
            ),
            (
                DataType::BVec3,
                "bool isOk (bvec3 a, bvec3 b) { return (a == b); }\n",
            ),
            (
                DataType::BVec4,
                "bool isOk (bvec4 a, bvec4 b) { return (a == b); }\n",
            ),
            (
                DataType::Int,
                "bool isOk (int a, int b)     { return (a == b); }\n",
            ),
            (
                DataType::IVec2,
                "bool isOk (ivec2 a, ivec2 b) { return (a == b); }\n",
            ),
            (
                DataType::IVec3,
                "bool isOk (ivec3 a, ivec3 b) { return (a == b); }\n",
            ),
            (
                DataType::IVec4,
                "bool isOk (ivec4 a, ivec4 b) { return (a == b); }\n",
            ),
            (
                DataType::UInt,
                "bool isOk (uint a, uint b)   { return (a == b); }\n",
            ),
            (
                DataType::UVec2,
                "bool isOk (uvec2 a, uvec2 b) { return (a == b); }\n",
            ),
            (
                DataType::UVec3,
                "bool isOk (uvec3 a, uvec3 b) { return (a == b); }\n",
            ),
            (
                DataType::UVec4,
                "bool isOk (uvec4 a, uvec4 b) { return (a == b); }\n",
            ),
        ];
        for (t, l) in lines {
            if found(t) {
                out.push_str(l);
            }
        }
    }
    let float_lines: [(DataType, &str); 13] = [
        (DataType::Float, "bool isOk (float a, float b, float eps) { return (abs(a-b) <= (eps*abs(b) + eps)); }\n"),
        (DataType::Vec2, "bool isOk (vec2 a, vec2 b, float eps) { return all(lessThanEqual(abs(a-b), (eps*abs(b) + eps))); }\n"),
        (DataType::Vec3, "bool isOk (vec3 a, vec3 b, float eps) { return all(lessThanEqual(abs(a-b), (eps*abs(b) + eps))); }\n"),
        (DataType::Vec4, "bool isOk (vec4 a, vec4 b, float eps) { return all(lessThanEqual(abs(a-b), (eps*abs(b) + eps))); }\n"),
        (DataType::Mat2, "bool isOk (mat2 a, mat2 b, float eps) { vec2 diff = max(abs(a[0]-b[0]), abs(a[1]-b[1])); return all(lessThanEqual(diff, vec2(eps))); }\n"),
        (DataType::Mat2x3, "bool isOk (mat2x3 a, mat2x3 b, float eps) { vec3 diff = max(abs(a[0]-b[0]), abs(a[1]-b[1])); return all(lessThanEqual(diff, vec3(eps))); }\n"),
        (DataType::Mat2x4, "bool isOk (mat2x4 a, mat2x4 b, float eps) { vec4 diff = max(abs(a[0]-b[0]), abs(a[1]-b[1])); return all(lessThanEqual(diff, vec4(eps))); }\n"),
        (DataType::Mat3x2, "bool isOk (mat3x2 a, mat3x2 b, float eps) { vec2 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), abs(a[2]-b[2])); return all(lessThanEqual(diff, vec2(eps))); }\n"),
        (DataType::Mat3, "bool isOk (mat3 a, mat3 b, float eps) { vec3 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), abs(a[2]-b[2])); return all(lessThanEqual(diff, vec3(eps))); }\n"),
        (DataType::Mat3x4, "bool isOk (mat3x4 a, mat3x4 b, float eps) { vec4 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), abs(a[2]-b[2])); return all(lessThanEqual(diff, vec4(eps))); }\n"),
        (DataType::Mat4x2, "bool isOk (mat4x2 a, mat4x2 b, float eps) { vec2 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), max(abs(a[2]-b[2]), abs(a[3]-b[3]))); return all(lessThanEqual(diff, vec2(eps))); }\n"),
        (DataType::Mat4x3, "bool isOk (mat4x3 a, mat4x3 b, float eps) { vec3 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), max(abs(a[2]-b[2]), abs(a[3]-b[3]))); return all(lessThanEqual(diff, vec3(eps))); }\n"),
        (DataType::Mat4, "bool isOk (mat4 a, mat4 b, float eps) { vec4 diff = max(max(abs(a[0]-b[0]), abs(a[1]-b[1])), max(abs(a[2]-b[2]), abs(a[3]-b[3]))); return all(lessThanEqual(diff, vec4(eps))); }\n"),
    ];
    for (t, l) in float_lines {
        if found(t) {
            out.push_str(l);
        }
    }
}

/// `genCompareOp` of the GL runners (`ref_<name>` uniforms) and of the Vulkan runner
/// (`ref.<name>` block members).
fn compare_op(out: &mut String, dst: &str, values: &ValueBlock, prefix: &str, vulkan: bool) {
    let mut first = true;
    for v in values.outputs() {
        out.push_str(if first {
            "bool RES = "
        } else {
            "RES = RES && "
        });
        first = false;
        let r = if vulkan { "ref." } else { "ref_" };
        if v.ty.scalar_kind() == ScalarKind::Float {
            let _ = writeln!(out, "isOk({}, {r}{}, 0.05);", v.name, v.name);
        } else if vulkan {
            let _ = writeln!(out, "isOk({}, {r}{});", v.name, v.name);
        } else {
            let _ = writeln!(out, "isOk({prefix}{}, {r}{});", v.name, v.name);
        }
    }
    if first {
        let _ = writeln!(out, "{dst} = vec4(1.0);");
    } else {
        let _ = writeln!(out, "{dst} = vec4(RES, RES, RES, 1.0);");
    }
}

fn is_float(t: DataType) -> bool {
    t.scalar_kind() == ScalarKind::Float
}

fn is_int(t: DataType) -> bool {
    t.scalar_kind() == ScalarKind::Int
}

/// `generateUniformDeclarations` (GL runners).
fn gl_uniform_decls(out: &mut String, values: &ValueBlock) {
    for v in values.uniforms() {
        if !v.name.contains('.') {
            let _ = writeln!(out, "uniform {} {};", v.ty.name(), v.name);
        }
    }
}

/// `genUniformBlock` (Vulkan runner).
fn vk_uniform_block<'v>(
    out: &mut String,
    block: &str,
    instance: &str,
    binding: u32,
    values: impl Iterator<Item = &'v Value>,
) {
    let _ = writeln!(out, "layout(binding = {binding}, std140) uniform {block}");
    out.push_str("{\n");
    for v in values {
        let _ = writeln!(out, "\t{} {};", v.ty.name(), v.name);
    }
    out.push('}');
    if !instance.is_empty() {
        out.push(' ');
        out.push_str(instance);
    }
    out.push_str(";\n");
}

fn vk_declare_uniforms(out: &mut String, values: &ValueBlock) {
    if values.uniforms().next().is_some() {
        vk_uniform_block(out, "Uniforms", "", 1, values.uniforms());
    }
}

fn vk_declare_reference(out: &mut String, values: &ValueBlock) {
    if values.outputs().next().is_some() {
        vk_uniform_block(out, "Reference", "ref", 0, values.outputs());
    }
}

// --- GLES runner (glsShaderLibraryCase.cpp) and OpenGL CTS runner (glcShaderLibraryCase.cpp)

/// `genVertexShader`: the vertex shader of a `both` case run as a fragment shader.
fn gl_gen_vertex_shader(version: GlslVersion, values: &ValueBlock, flavor: Flavor) -> String {
    let inout = version.uses_in_out();
    let vtx_in = if inout { "in" } else { "attribute" };
    let vtx_out = if inout { "out" } else { "varying" };
    let indent = if flavor == Flavor::GlCts {
        "    "
    } else {
        "\t"
    };
    let mut res = String::new();
    res.push_str(&version.declaration());
    res.push('\n');
    res.push_str("precision highp float;\n");
    res.push_str("precision highp int;\n");
    res.push('\n');
    let _ = writeln!(res, "{vtx_in} highp vec4 dEQP_Position;");
    for v in values.inputs() {
        let ft = v.ty.float_scalars().name();
        let _ = writeln!(res, "{vtx_in} {ft} a_{};", v.name);
        if is_float(v.ty) {
            let _ = writeln!(res, "{vtx_out} {ft} {};", v.name);
        } else {
            let _ = writeln!(res, "{vtx_out} {ft} v_{};", v.name);
        }
    }
    res.push('\n');
    res.push_str("void main()\n");
    res.push_str("{\n");
    let _ = writeln!(res, "{indent}gl_Position = dEQP_Position;");
    for v in values.inputs() {
        if is_float(v.ty) {
            let _ = writeln!(res, "{indent}{} = a_{};", v.name, v.name);
        } else {
            let _ = writeln!(res, "{indent}v_{} = a_{};", v.name, v.name);
        }
    }
    res.push_str("}\n");
    res
}

/// `genFragmentShader`: the fragment shader of a `both` case run as a vertex shader.
fn gl_gen_fragment_shader(version: GlslVersion, values: &ValueBlock, flavor: Flavor) -> String {
    let inout = version.uses_in_out();
    let frag_in = if inout { "in" } else { "varying" };
    let prec = if flavor == Flavor::GlCts || version == GlslVersion::Es100 {
        "mediump"
    } else {
        "highp"
    };
    let mut s = String::new();
    s.push_str(&version.declaration());
    s.push('\n');
    let _ = writeln!(s, "precision {prec} float;");
    let _ = writeln!(s, "precision {prec} int;");
    s.push('\n');
    if inout {
        s.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
        s.push('\n');
    }
    compare_functions(&mut s, values, true, flavor);
    s.push('\n');
    for v in values.outputs() {
        let ft = v.ty.float_scalars().name();
        if is_float(v.ty) {
            let _ = writeln!(s, "{frag_in} {ft} {};", v.name);
        } else {
            let _ = writeln!(s, "{frag_in} {ft} v_{};", v.name);
        }
        let _ = writeln!(s, "uniform {} ref_{};", v.ty.name(), v.name);
    }
    s.push('\n');
    s.push_str("void main()\n");
    s.push_str("{\n");
    s.push_str(if flavor == Flavor::GlCts { " " } else { "\t" });
    let dst = if inout {
        "dEQP_FragColor"
    } else {
        "gl_FragColor"
    };
    compare_op(&mut s, dst, values, "v_", false);
    s.push_str("}\n");
    s
}

/// `specializeVertexShader` of the GL runners.
fn gl_specialize_vertex(
    version: GlslVersion,
    values: &ValueBlock,
    src: &str,
    exts: &[ChosenExt],
    flavor: Flavor,
) -> Result<String, SpecializeError> {
    let inout = version.uses_in_out();
    let vtx_in = if inout { "in" } else { "attribute" };
    let vtx_out = if inout { "out" } else { "varying" };
    let mut decl = String::new();
    let mut setup = String::new();
    let mut output = String::from("gl_Position = dEQP_Position;\n");
    let _ = writeln!(decl, "{vtx_in} highp vec4 dEQP_Position;");
    let input = |v: &Value, decl: &mut String, setup: &mut String| {
        let ft = v.ty.float_scalars().name();
        let rt = v.ty.name();
        if is_float(v.ty) {
            let _ = writeln!(decl, "{vtx_in} {ft} {};", v.name);
        } else {
            let _ = writeln!(decl, "{vtx_in} {ft} a_{};", v.name);
            let _ = writeln!(setup, "{rt} {} = {rt}(a_{});", v.name, v.name);
        }
    };
    let outv = |v: &Value, decl: &mut String, output: &mut String| {
        let ft = v.ty.float_scalars().name();
        let rt = v.ty.name();
        if is_float(v.ty) {
            let _ = writeln!(decl, "{vtx_out} {ft} {};", v.name);
        } else {
            let _ = writeln!(decl, "{vtx_out} {ft} v_{};", v.name);
            let _ = writeln!(decl, "{rt} {};", v.name);
            let _ = writeln!(output, "v_{} = {ft}({});", v.name, v.name);
        }
    };
    if flavor == Flavor::GlCts {
        for v in &values.values {
            match v.storage {
                Storage::Input => input(v, &mut decl, &mut setup),
                Storage::Output => outv(v, &mut decl, &mut output),
                Storage::Uniform => {}
            }
        }
    } else {
        for v in values.inputs() {
            input(v, &mut decl, &mut setup);
        }
        for v in values.outputs() {
            outv(v, &mut decl, &mut output);
        }
    }
    let params = [
        ("DECLARATIONS", decl),
        ("SETUP", setup),
        ("OUTPUT", output),
        ("POSITION_FRAG_COLOR", "gl_Position".to_string()),
    ];
    let base = specialize_template(src, &params).map_err(SpecializeError::Template)?;
    Ok(inject_extensions(&base, exts, Stage::Vertex))
}

/// `specializeFragmentShader` of the GL runners.
fn gl_specialize_fragment(
    version: GlslVersion,
    values: &ValueBlock,
    src: &str,
    exts: &[ChosenExt],
    flavor: Flavor,
) -> Result<String, SpecializeError> {
    let inout = version.uses_in_out();
    let frag_in = if inout { "in" } else { "varying" };
    let frag_color = if inout {
        "dEQP_FragColor"
    } else {
        "gl_FragColor"
    };
    let mut decl = String::new();
    let mut setup = String::new();
    let mut output = String::new();
    compare_functions(&mut decl, values, false, flavor);
    compare_op(&mut output, frag_color, values, "", false);
    if inout {
        decl.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
    }
    let input = |v: &Value, decl: &mut String, setup: &mut String| {
        let ft = v.ty.float_scalars().name();
        let rt = v.ty.name();
        if is_float(v.ty) {
            let _ = writeln!(decl, "{frag_in} {ft} {};", v.name);
        } else {
            let _ = writeln!(decl, "{frag_in} {ft} v_{};", v.name);
            let offset = if is_int(v.ty) { " * 1.0025" } else { "" };
            let _ = writeln!(setup, "{rt} {} = {rt}(v_{}{offset});", v.name, v.name);
        }
    };
    let outv = |v: &Value, decl: &mut String| {
        let rt = v.ty.name();
        let _ = writeln!(decl, "uniform {rt} ref_{};", v.name);
        let _ = writeln!(decl, "{rt} {};", v.name);
    };
    if flavor == Flavor::GlCts {
        for v in &values.values {
            match v.storage {
                Storage::Input => input(v, &mut decl, &mut setup),
                Storage::Output => outv(v, &mut decl),
                Storage::Uniform => {}
            }
        }
    } else {
        for v in values.inputs() {
            input(v, &mut decl, &mut setup);
        }
        for v in values.outputs() {
            outv(v, &mut decl);
        }
    }
    let params = [
        ("DECLARATIONS", decl),
        ("SETUP", setup),
        ("OUTPUT", output),
        ("POSITION_FRAG_COLOR", frag_color.to_string()),
    ];
    let base = specialize_template(src, &params).map_err(SpecializeError::Template)?;
    Ok(inject_extensions(&base, exts, Stage::Fragment))
}

/// The `${...}` parameters of each stage of a complete program (GL runners).
fn gl_stage_params(
    stage: Stage,
    version: GlslVersion,
    values: &ValueBlock,
    max_patch_vertices: i32,
    flavor: Flavor,
) -> Vec<(&'static str, String)> {
    let inout = version.uses_in_out();
    match stage {
        Stage::Vertex => {
            let vtx_in = if inout { "in" } else { "attribute" };
            let mut decl = String::new();
            let mut setup = String::new();
            let _ = writeln!(decl, "{vtx_in} highp vec4 dEQP_Position;");
            let input = |v: &Value, decl: &mut String, setup: &mut String| {
                let t = v.ty.name();
                if is_float(v.ty) {
                    let _ = writeln!(decl, "{vtx_in} {t} {};", v.name);
                } else {
                    let ft = v.ty.float_scalars().name();
                    let _ = writeln!(decl, "{vtx_in} {ft} a_{};", v.name);
                    let _ = writeln!(setup, "{t} {} = {t}(a_{});", v.name, v.name);
                }
            };
            if flavor == Flavor::GlCts {
                for v in &values.values {
                    match v.storage {
                        Storage::Input => input(v, &mut decl, &mut setup),
                        Storage::Uniform if !v.name.contains('.') => {
                            let _ = writeln!(decl, "uniform {} {};", v.ty.name(), v.name);
                        }
                        _ => {}
                    }
                }
            } else {
                for v in values.inputs() {
                    input(v, &mut decl, &mut setup);
                }
                gl_uniform_decls(&mut decl, values);
            }
            vec![
                ("VERTEX_DECLARATIONS", decl),
                ("VERTEX_SETUP", setup),
                (
                    "VERTEX_OUTPUT",
                    "gl_Position = dEQP_Position;\n".to_string(),
                ),
            ]
        }
        Stage::Fragment => {
            let frag_color = if inout {
                "dEQP_FragColor"
            } else {
                "gl_FragColor"
            };
            let mut decl = String::new();
            let mut output = String::new();
            compare_functions(&mut decl, values, false, flavor);
            compare_op(&mut output, frag_color, values, "", false);
            if inout {
                decl.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
            }
            let outv = |v: &Value, decl: &mut String| {
                let rt = v.ty.name();
                let _ = writeln!(decl, "uniform {rt} ref_{};", v.name);
                let _ = writeln!(decl, "{rt} {};", v.name);
            };
            if flavor == Flavor::GlCts {
                for v in &values.values {
                    match v.storage {
                        Storage::Output => outv(v, &mut decl),
                        Storage::Uniform if !v.name.contains('.') => {
                            let _ = writeln!(decl, "uniform {} {};", v.ty.name(), v.name);
                        }
                        _ => {}
                    }
                }
            } else {
                for v in values.outputs() {
                    outv(v, &mut decl);
                }
                gl_uniform_decls(&mut decl, values);
            }
            vec![
                ("FRAGMENT_DECLARATIONS", decl),
                ("FRAGMENT_OUTPUT", output),
                ("FRAG_COLOR", frag_color.to_string()),
            ]
        }
        _ => primitive_stage_params(stage, max_patch_vertices, |d| gl_uniform_decls(d, values)),
    }
}

/// The template parameters of the geometry and tessellation stages (the same in both runners
/// but for how uniforms are declared and the patch size); none for other stages.
fn primitive_stage_params(
    stage: Stage,
    max_patch_vertices: i32,
    declare_uniforms: impl FnOnce(&mut String),
) -> Vec<(&'static str, String)> {
    let (layout, decl_key, output) = match stage {
        Stage::Geometry => (
            "layout (triangles) in;\nlayout (triangle_strip, max_vertices=3) out;\n\n",
            "GEOMETRY_DECLARATIONS",
            None,
        ),
        Stage::TessControl => (
            "layout (vertices=3) out;\n\n",
            "TESSELLATION_CONTROL_DECLARATIONS",
            Some(("TESSELLATION_CONTROL_OUTPUT", TESS_CONTROL_OUTPUT)),
        ),
        Stage::TessEval => (
            "layout (triangles) in;\n\n",
            "TESSELLATION_EVALUATION_DECLARATIONS",
            Some(("TESSELLATION_EVALUATION_OUTPUT", TESS_EVAL_OUTPUT)),
        ),
        _ => return Vec::new(),
    };
    let mut decl = String::from(layout);
    declare_uniforms(&mut decl);
    let mut params = vec![(decl_key, decl)];
    if let Some((key, text)) = output {
        params.push((key, text.to_string()));
        params.push(("GL_MAX_PATCH_VERTICES", max_patch_vertices.to_string()));
    }
    params
}

const TESS_CONTROL_OUTPUT: &str = "gl_out[gl_InvocationID].gl_Position = gl_in[gl_InvocationID].gl_Position;\ngl_TessLevelInner[0] = 2.0;\ngl_TessLevelInner[1] = 2.0;\ngl_TessLevelOuter[0] = 2.0;\ngl_TessLevelOuter[1] = 2.0;\ngl_TessLevelOuter[2] = 2.0;\ngl_TessLevelOuter[3] = 2.0;";
const TESS_EVAL_OUTPUT: &str = "gl_Position = gl_TessCoord[0] * gl_in[0].gl_Position + gl_TessCoord[1] * gl_in[1].gl_Position + gl_TessCoord[2] * gl_in[2].gl_Position;\n";

// --- Vulkan runner (vktShaderLibrary.cpp)

fn vk_gen_vertex_shader(version: GlslVersion, values: &ValueBlock) -> String {
    let mut res = String::new();
    res.push_str(&version.declaration());
    res.push('\n');
    res.push_str("precision highp float;\n");
    res.push_str("precision highp int;\n");
    res.push('\n');
    res.push_str("layout(location = 0) in highp vec4 dEQP_Position;\n");
    let mut in_loc = 1;
    let mut out_loc = 0;
    for v in values.inputs() {
        let t = v.ty.vk_transport();
        let prefix = if t != v.ty { "v_" } else { "" };
        let _ = writeln!(
            res,
            "layout(location = {in_loc}) in {} a_{};",
            t.name(),
            v.name
        );
        let _ = writeln!(
            res,
            "layout(location = {out_loc}) flat out {} {prefix}{};",
            t.name(),
            v.name
        );
        in_loc += v.ty.vk_transport_locations();
        out_loc += v.ty.vk_transport_locations();
    }
    res.push('\n');
    res.push_str("void main()\n");
    res.push_str("{\n");
    res.push_str("\tgl_Position = dEQP_Position;\n");
    for v in values.inputs() {
        let prefix = if v.ty.vk_transport() != v.ty {
            "v_"
        } else {
            ""
        };
        let _ = writeln!(res, "\t{prefix}{} = a_{};", v.name, v.name);
    }
    res.push_str("}\n");
    res
}

fn vk_gen_fragment_shader(version: GlslVersion, values: &ValueBlock) -> String {
    let mut s = String::new();
    let mut setup = String::new();
    s.push_str(&version.declaration());
    s.push('\n');
    s.push_str("precision highp float;\n");
    s.push_str("precision highp int;\n");
    s.push('\n');
    s.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
    s.push('\n');
    compare_functions(&mut s, values, false, Flavor::Vulkan);
    s.push('\n');
    let mut loc = 0;
    for v in values.outputs() {
        let t = v.ty.vk_transport();
        let prefix = if t != v.ty { "v_" } else { "" };
        let _ = writeln!(
            s,
            "layout(location = {loc}) flat in {} {prefix}{};",
            t.name(),
            v.name
        );
        if t != v.ty {
            let vt = v.ty.name();
            let _ = writeln!(setup, "\t{vt} {} = {vt}(v_{});", v.name, v.name);
        }
        loc += v.ty.vk_transport_locations();
    }
    vk_declare_reference(&mut s, values);
    s.push('\n');
    s.push_str("void main()\n");
    s.push_str("{\n");
    s.push_str(&setup);
    s.push('\t');
    compare_op(&mut s, "dEQP_FragColor", values, "", true);
    s.push_str("}\n");
    s
}

fn vk_specialize_vertex(
    values: &ValueBlock,
    src: &str,
    exts: &[ChosenExt],
) -> Result<String, SpecializeError> {
    let mut decl = String::new();
    let mut setup = String::new();
    let mut output = String::from("gl_Position = dEQP_Position;\n");
    decl.push_str("layout(location = 0) in highp vec4 dEQP_Position;\n");
    let mut in_loc = 1;
    for v in values.inputs() {
        let t = v.ty.vk_transport();
        let _ = write!(decl, "layout(location = {in_loc}) in ");
        in_loc += v.ty.vk_transport_locations();
        if t == v.ty {
            let _ = writeln!(decl, "{} {};", t.name(), v.name);
        } else {
            let vt = v.ty.name();
            let _ = writeln!(decl, "{} a_{};", t.name(), v.name);
            let _ = writeln!(setup, "{vt} {} = {vt}(a_{});", v.name, v.name);
        }
    }
    vk_declare_uniforms(&mut decl, values);
    let mut out_loc = 0;
    for v in values.outputs() {
        let t = v.ty.vk_transport();
        let _ = write!(decl, "layout(location = {out_loc}) flat out ");
        out_loc += v.ty.vk_transport_locations();
        if t == v.ty {
            let _ = writeln!(decl, "{} {};", t.name(), v.name);
        } else {
            let _ = writeln!(decl, "{} v_{};", t.name(), v.name);
            let _ = writeln!(decl, "{} {};", v.ty.name(), v.name);
            let _ = writeln!(output, "v_{} = {}({});", v.name, t.name(), v.name);
        }
    }
    let params = [
        ("DECLARATIONS", decl),
        ("SETUP", setup),
        ("OUTPUT", output),
        ("POSITION_FRAG_COLOR", "gl_Position".to_string()),
    ];
    let base = specialize_template(src, &params).map_err(SpecializeError::Template)?;
    Ok(inject_extensions(&base, exts, Stage::Vertex))
}

fn vk_specialize_fragment(
    values: &ValueBlock,
    src: &str,
    exts: &[ChosenExt],
) -> Result<String, SpecializeError> {
    let mut decl = String::new();
    let mut setup = String::new();
    let mut output = String::new();
    compare_functions(&mut decl, values, false, Flavor::Vulkan);
    compare_op(&mut output, "dEQP_FragColor", values, "", true);
    decl.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
    let mut in_loc = 0;
    for v in values.inputs() {
        let t = v.ty.vk_transport();
        let _ = write!(decl, "layout(location = {in_loc}) flat in ");
        in_loc += v.ty.vk_transport_locations();
        if t == v.ty {
            let _ = writeln!(decl, "{} {};", t.name(), v.name);
        } else {
            let vt = v.ty.name();
            let _ = writeln!(decl, "{} v_{};", t.name(), v.name);
            let _ = writeln!(setup, "{vt} {} = {vt}(v_{});", v.name, v.name);
        }
    }
    vk_declare_uniforms(&mut decl, values);
    vk_declare_reference(&mut decl, values);
    for v in values.outputs() {
        let _ = writeln!(decl, "{} {};", v.ty.name(), v.name);
    }
    let params = [
        ("DECLARATIONS", decl),
        ("SETUP", setup),
        ("OUTPUT", output),
        ("POSITION_FRAG_COLOR", "dEQP_FragColor".to_string()),
    ];
    let base = specialize_template(src, &params).map_err(SpecializeError::Template)?;
    Ok(inject_extensions(&base, exts, Stage::Fragment))
}

fn vk_stage_params(stage: Stage, values: &ValueBlock) -> Vec<(&'static str, String)> {
    const MAX_PATCH_VERTICES: i32 = 4;
    match stage {
        Stage::Vertex => {
            let mut decl = String::from("layout(location = 0) in highp vec4 dEQP_Position;\n");
            let mut setup = String::new();
            let mut in_loc = 1;
            for v in values.inputs() {
                let t = v.ty.vk_transport();
                let _ = write!(decl, "layout(location = {in_loc}) in ");
                in_loc += v.ty.vk_transport_locations();
                if t == v.ty {
                    let _ = writeln!(decl, "{} {};", t.name(), v.name);
                } else {
                    let vt = v.ty.name();
                    let _ = writeln!(decl, "{} a_{};", t.name(), v.name);
                    let _ = writeln!(setup, "{vt} {} = {vt}(a_{});", v.name, v.name);
                }
            }
            vk_declare_uniforms(&mut decl, values);
            vec![
                ("VERTEX_DECLARATIONS", decl),
                ("VERTEX_SETUP", setup),
                (
                    "VERTEX_OUTPUT",
                    "gl_Position = dEQP_Position;\n".to_string(),
                ),
            ]
        }
        Stage::Fragment => {
            let mut decl = String::new();
            let mut output = String::new();
            compare_functions(&mut decl, values, false, Flavor::Vulkan);
            compare_op(&mut output, "dEQP_FragColor", values, "", true);
            decl.push_str("layout(location = 0) out mediump vec4 dEQP_FragColor;\n");
            for v in values.outputs() {
                let _ = writeln!(decl, "{} {};", v.ty.name(), v.name);
            }
            vk_declare_reference(&mut decl, values);
            vk_declare_uniforms(&mut decl, values);
            vec![
                ("FRAGMENT_DECLARATIONS", decl),
                ("FRAGMENT_OUTPUT", output),
                ("FRAG_COLOR", "dEQP_FragColor".to_string()),
            ]
        }
        _ => primitive_stage_params(stage, MAX_PATCH_VERTICES, |d| {
            vk_declare_uniforms(d, values)
        }),
    }
}

/// `specializeProgramSources`: every stage's sources, in the runner's stage order.
fn specialize_program(
    case: &Case,
    program: &ProgramSpec,
    separable: bool,
    opts: &SpecializeOptions<'_>,
    max_patch_vertices: i32,
) -> Result<Program, SpecializeError> {
    let flavor = opts.flavor;
    let exts = match flavor {
        Flavor::Gles => {
            choose_extensions(&program.required_extensions, opts.extension_supported, true)?
        }
        Flavor::Vulkan => choose_extensions(&program.required_extensions, &|_| true, false)?,
        Flavor::GlCts => Vec::new(),
    };
    let mut shaders = Vec::new();
    for stage in RUNNER_STAGES {
        let mut srcs: Vec<&String> = program
            .sources
            .iter()
            .filter(|(s, _)| *s == stage)
            .map(|(_, t)| t)
            .collect();
        if flavor == Flavor::GlCts {
            // glcShaderLibrary.cpp keeps one vertex and one fragment source (the last) and
            // always builds both, empty or not.
            if !matches!(stage, Stage::Vertex | Stage::Fragment) {
                continue;
            }
            static EMPTY: String = String::new();
            srcs = vec![srcs.last().copied().unwrap_or(&EMPTY)];
        }
        if srcs.is_empty() {
            continue;
        }
        let params = match flavor {
            Flavor::Vulkan => vk_stage_params(stage, &case.values),
            _ => gl_stage_params(
                stage,
                case.version,
                &case.values,
                max_patch_vertices,
                flavor,
            ),
        };
        for src in srcs {
            let base = specialize_template(src, &params).map_err(SpecializeError::Template)?;
            shaders.push((stage, inject_extensions(&base, &exts, stage)));
        }
    }
    Ok(Program {
        separable,
        active_stages: program.active_stages.clone(),
        shaders,
    })
}

fn tessellation_present(case: &Case) -> bool {
    let has = |p: &ProgramSpec| {
        p.sources
            .iter()
            .any(|(s, _)| matches!(s, Stage::TessControl | Stage::TessEval))
            || p.active_stages
                .iter()
                .any(|s| matches!(s, Stage::TessControl | Stage::TessEval))
    };
    match &case.sources {
        CaseSources::Both(_) => false,
        CaseSources::Complete(p) => has(p),
        CaseSources::Pipeline(ps) => ps.iter().any(has),
    }
}

/// The test cases the runner makes of a case, with the programs each compiles.
pub fn specialize(case: &Case, opts: &SpecializeOptions<'_>) -> Vec<Instance> {
    let flavor = opts.flavor;
    if flavor == Flavor::Vulkan && case.expect != Expect::Pass {
        let err = Err(SpecializeError::Internal(
            "Only EXPECT_PASS is supported".into(),
        ));
        return match &case.sources {
            CaseSources::Both(_) => vec![
                Instance {
                    name: format!("{}_vertex", case.name),
                    programs: err.clone(),
                },
                Instance {
                    name: format!("{}_fragment", case.name),
                    programs: err,
                },
            ],
            _ => vec![Instance {
                name: case.name.clone(),
                programs: err,
            }],
        };
    }
    match &case.sources {
        CaseSources::Both(src) => {
            let global = ProgramSpec {
                active_stages: Vec::new(),
                required_extensions: case
                    .requirements
                    .iter()
                    .filter(|r| matches!(r, Requirement::Extension { .. }))
                    .cloned()
                    .collect(),
                sources: Vec::new(),
            };
            let exts = match flavor {
                Flavor::Gles => {
                    choose_extensions(&global.required_extensions, opts.extension_supported, true)
                }
                Flavor::Vulkan => choose_extensions(&global.required_extensions, &|_| true, false),
                Flavor::GlCts => Ok(Vec::new()),
            };
            let make = |vertex: bool| -> Result<Vec<Program>, SpecializeError> {
                let exts = exts.as_ref().map_err(Clone::clone)?;
                let (vs, fs) = match (flavor, vertex) {
                    (Flavor::Vulkan, true) => (
                        vk_specialize_vertex(&case.values, src, exts)?,
                        vk_gen_fragment_shader(case.version, &case.values),
                    ),
                    (Flavor::Vulkan, false) => (
                        vk_gen_vertex_shader(case.version, &case.values),
                        vk_specialize_fragment(&case.values, src, exts)?,
                    ),
                    (_, true) => (
                        gl_specialize_vertex(case.version, &case.values, src, exts, flavor)?,
                        gl_gen_fragment_shader(case.version, &case.values, flavor),
                    ),
                    (_, false) => (
                        gl_gen_vertex_shader(case.version, &case.values, flavor),
                        gl_specialize_fragment(case.version, &case.values, src, exts, flavor)?,
                    ),
                };
                Ok(vec![Program {
                    separable: false,
                    active_stages: Vec::new(),
                    shaders: vec![(Stage::Vertex, vs), (Stage::Fragment, fs)],
                }])
            };
            vec![
                Instance {
                    name: format!("{}_vertex", case.name),
                    programs: make(true),
                },
                Instance {
                    name: format!("{}_fragment", case.name),
                    programs: make(false),
                },
            ]
        }
        CaseSources::Complete(p) => {
            let mpv = if tessellation_present(case) {
                opts.max_patch_vertices
            } else {
                0
            };
            vec![Instance {
                name: case.name.clone(),
                programs: specialize_program(case, p, false, opts, mpv).map(|p| vec![p]),
            }]
        }
        CaseSources::Pipeline(ps) => {
            let mpv = if tessellation_present(case) {
                opts.max_patch_vertices
            } else {
                0
            };
            let programs = ps
                .iter()
                .map(|p| specialize_program(case, p, true, opts, mpv))
                .collect::<Result<Vec<_>, _>>();
            vec![Instance {
                name: case.name.clone(),
                programs,
            }]
        }
    }
}

#[cfg(test)]
mod tests;
