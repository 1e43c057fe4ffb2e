//! The abstract syntax tree.
//!
//! Expressions and statements live in arenas inside the [`TranslationUnit`] and are named by
//! [`ExprId`] / [`StmtId`]; declarations and types are plain owned values. The big payloads
//! of a few variants (the type of a constructor call or cast, a local declaration, a
//! declaration used as a loop condition) live in side tables of the translation unit, named by
//! [`TypeSpecId`] / [`DeclId`] / [`CondDeclId`], so every expression and statement node stays
//! small (performance: less memory traffic). Every node has a [`Span`]. The tree is *syntactic*: names are not resolved, and a word the parser could not
//! classify by grammar alone is kept as written:
//!
//! * a type named by an identifier ([`TypeKind::Named`]) may be a struct, a block
//!   forward-declared by `GL_EXT_buffer_reference`, or an extension type such as `float16_t`;
//! * a qualifier spelled by an identifier ([`QualifierKind::Named`]) is an extension
//!   qualifier such as `rayPayloadEXT` or `nonuniformEXT`;
//! * a call's callee is a name or a type ([`Callee`]); whether `S(...)` constructs a struct or
//!   calls a function is decided by semantic analysis.
//!
//! Semantic analysis (the next phase) checks all of that against the version and extensions.

mod print;

pub use print::print_ast;

use smallvec::SmallVec;

use crate::intern::Symbol;
use crate::keywords::Keyword;
use crate::source::Span;
use crate::version::Version;

macro_rules! id_type {
    ($name:ident) => {
        #[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
        pub struct $name(pub u32);
        impl $name {
            #[inline]
            pub fn index(self) -> usize {
                self.0 as usize
            }
        }
    };
}

id_type!(ExprId);
id_type!(StmtId);
id_type!(TypeSpecId);
id_type!(DeclId);
id_type!(CondDeclId);

/// A whole shader.
#[derive(Clone, Debug, Default)]
pub struct TranslationUnit {
    pub decls: Vec<ExternalDecl>,
    /// For each of `decls`, the index of its first token in the preprocessed token stream
    /// (so later phases can place it among the `#extension` directives).
    pub decl_tokens: Vec<u32>,
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    /// The types of constructor calls ([`Callee::Type`]) and casts ([`ExprKind::Cast`]).
    pub type_specs: Vec<TypeSpec>,
    /// Declarations that are statements ([`StmtKind::Decl`]).
    pub local_decls: Vec<Decl>,
    /// Declarations that are loop conditions ([`Condition::Decl`]).
    pub cond_decls: Vec<CondDecl>,
    /// The arguments of every call and method call, one [`ExprList`] after another.
    pub expr_lists: Vec<ExprId>,
    /// The version the shader was parsed as.
    pub version: Option<Version>,
}

impl TranslationUnit {
    #[inline]
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.index()]
    }

    #[inline]
    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts[id.index()]
    }

    #[inline]
    pub fn type_spec(&self, id: TypeSpecId) -> &TypeSpec {
        &self.type_specs[id.index()]
    }

    #[inline]
    pub fn local_decl(&self, id: DeclId) -> &Decl {
        &self.local_decls[id.index()]
    }

    #[inline]
    pub fn cond_decl(&self, id: CondDeclId) -> &CondDecl {
        &self.cond_decls[id.index()]
    }

    /// The expressions of a list (call arguments).
    #[inline]
    pub fn expr_list(&self, l: ExprList) -> &[ExprId] {
        &self.expr_lists[l.start as usize..][..l.len as usize]
    }

    pub fn add_expr_list(&mut self, items: &[ExprId]) -> ExprList {
        let l = ExprList {
            start: self.expr_lists.len() as u32,
            len: items.len() as u32,
        };
        self.expr_lists.extend_from_slice(items);
        l
    }

    pub fn add_type_spec(&mut self, ty: TypeSpec) -> TypeSpecId {
        let id = TypeSpecId(self.type_specs.len() as u32);
        self.type_specs.push(ty);
        id
    }

    pub fn add_local_decl(&mut self, d: Decl) -> DeclId {
        let id = DeclId(self.local_decls.len() as u32);
        self.local_decls.push(d);
        id
    }

    pub fn add_cond_decl(&mut self, d: CondDecl) -> CondDeclId {
        let id = CondDeclId(self.cond_decls.len() as u32);
        self.cond_decls.push(d);
        id
    }

    pub fn add_expr(&mut self, kind: ExprKind, span: Span) -> ExprId {
        let id = ExprId(self.exprs.len() as u32);
        self.exprs.push(Expr { kind, span });
        id
    }

    pub fn add_stmt(&mut self, kind: StmtKind, span: Span, attrs: Vec<Attribute>) -> StmtId {
        let id = StmtId(self.stmts.len() as u32);
        self.stmts.push(Stmt { kind, span, attrs });
        id
    }
}

/// A list of expressions (the arguments of a call) in [`TranslationUnit::expr_lists`]: one
/// array for all of them rather than a vector per call (performance).
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub struct ExprList {
    pub start: u32,
    pub len: u32,
}

impl ExprList {
    pub fn len(self) -> usize {
        self.len as usize
    }

    pub fn is_empty(self) -> bool {
        self.len == 0
    }
}

/// A top-level item.
#[derive(Clone, Debug)]
pub enum ExternalDecl {
    Function(FunctionDef),
    Decl(Decl),
    /// A stray `;` at global scope.
    Empty(Span),
}

impl ExternalDecl {
    pub fn span(&self) -> Span {
        match self {
            ExternalDecl::Function(f) => f.span,
            ExternalDecl::Decl(d) => d.span,
            ExternalDecl::Empty(s) => *s,
        }
    }
}

/// A function definition: prototype and body.
#[derive(Clone, Debug)]
pub struct FunctionDef {
    pub proto: FunctionProto,
    /// A `Compound` statement.
    pub body: StmtId,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct FunctionProto {
    /// Qualifiers before the return type (precision, `precise`, `subroutine(...)`,
    /// `spirv_instruction(...)`).
    pub qualifiers: Qualifiers,
    pub return_type: TypeSpec,
    pub name: Symbol,
    pub name_span: Span,
    pub params: Vec<Param>,
    pub span: Span,
    /// `[[...]]` attributes before the return type or after the parameter list
    /// (GL_EXT_function_control_attributes' `inline`, `noinline`), on prototypes too.
    pub attrs: Vec<Attribute>,
}

#[derive(Clone, Debug)]
pub struct Param {
    pub qualifiers: Qualifiers,
    pub ty: TypeSpec,
    pub name: Option<(Symbol, Span)>,
    /// Array dimensions after the name (`float a[2]`).
    pub array: Option<ArraySpec>,
    pub span: Span,
}

/// A declaration, at global scope or as a statement.
#[derive(Clone, Debug)]
pub struct Decl {
    pub kind: DeclKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum DeclKind {
    /// `qualifiers type a = 1, b[2];` (also `struct S { ... } s;` and `struct S { ... };`,
    /// which have a struct type and possibly no declarators).
    Variables {
        qualifiers: Qualifiers,
        ty: TypeSpec,
        declarators: Declarators,
    },
    /// A function prototype `float f(int);`.
    Prototype(FunctionProto),
    /// An interface block `qualifiers Name { members } instance[N];`.
    Block(Block),
    /// Qualifiers alone: `layout(std140) uniform;`, `layout(local_size_x = 8) in;`.
    Qualifiers(Qualifiers),
    /// Qualifiers applied to names declared elsewhere: `invariant gl_Position;`,
    /// `precise x, y;`, `layout(buffer_reference) buffer Node;` (a block forward declaration).
    QualifiedNames {
        qualifiers: Qualifiers,
        names: Vec<(Symbol, Span)>,
    },
    /// `precision highp float;`
    Precision {
        precision: Precision,
        precision_span: Span,
        ty: TypeSpec,
    },
    /// `spirv_execution_mode(...)` and friends (GL_EXT_spirv_intrinsics).
    SpirvDirective(SpirvQualifier),
}

/// The declarators of a declaration: nearly always one, held in place (performance: no
/// allocation per declaration).
pub type Declarators = SmallVec<[Declarator; 1]>;

#[derive(Clone, Debug)]
pub struct Declarator {
    pub name: Symbol,
    pub name_span: Span,
    pub array: Option<ArraySpec>,
    pub init: Option<Initializer>,
    pub span: Span,
}

/// An initializer: an expression, or a brace-enclosed list (GLSL 4.20).
#[derive(Clone, Debug)]
pub enum Initializer {
    Expr(ExprId),
    List(Vec<Initializer>, Span),
}

impl Initializer {
    pub fn span(&self, tu: &TranslationUnit) -> Span {
        match self {
            Initializer::Expr(e) => tu.expr(*e).span,
            Initializer::List(_, s) => *s,
        }
    }
}

#[derive(Clone, Debug)]
pub struct Block {
    pub qualifiers: Qualifiers,
    pub name: Symbol,
    pub name_span: Span,
    pub members: Vec<StructMember>,
    pub instance: Option<BlockInstance>,
}

#[derive(Clone, Debug)]
pub struct BlockInstance {
    pub name: Symbol,
    pub name_span: Span,
    pub array: Option<ArraySpec>,
}

/// A member declaration of a struct or block: `qualifiers type a, b[2];`.
#[derive(Clone, Debug)]
pub struct StructMember {
    pub qualifiers: Qualifiers,
    pub ty: TypeSpec,
    pub declarators: Declarators,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct StructSpec {
    pub name: Option<(Symbol, Span)>,
    pub members: Vec<StructMember>,
    pub span: Span,
}

/// A type as written.
#[derive(Clone, Debug)]
pub struct TypeSpec {
    pub kind: TypeKind,
    /// `<...>` parameters of a parameterized type (`coopmat<float, gl_ScopeSubgroup, 16, 16,
    /// gl_MatrixUseA>`, `vector<float, 5>`).
    pub params: Option<Vec<TypeParam>>,
    /// Array dimensions written on the type (`float[2][3] a`).
    pub array: Option<ArraySpec>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum TypeKind {
    /// A built-in type keyword (`vec4`, `sampler2D`, ...).
    Builtin(Keyword),
    /// A type named by an identifier: a struct, a buffer-reference block, or an extension type.
    Named(Symbol),
    /// A struct defined in place.
    Struct(Box<StructSpec>),
    /// `spirv_type(...)` (GL_EXT_spirv_intrinsics).
    Spirv(Box<SpirvQualifier>),
}

#[derive(Clone, Debug)]
pub enum TypeParam {
    Type(TypeSpec),
    Expr(ExprId),
}

/// Array dimensions: `[]`, `[3]`, `[N][2]`. `None` is an unsized dimension.
#[derive(Clone, Debug)]
pub struct ArraySpec {
    pub dims: Vec<Option<ExprId>>,
    pub span: Span,
}

/// Qualifiers in the order written.
#[derive(Clone, Debug, Default)]
pub struct Qualifiers {
    pub items: Vec<Qualifier>,
    pub span: Span,
}

impl Qualifiers {
    pub fn is_empty(&self) -> bool {
        self.items.is_empty()
    }

    pub fn has(&self, f: impl Fn(&QualifierKind) -> bool) -> bool {
        self.items.iter().any(|q| f(&q.kind))
    }
}

#[derive(Clone, Debug)]
pub struct Qualifier {
    pub kind: QualifierKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum QualifierKind {
    Const,
    In,
    Out,
    Inout,
    Uniform,
    Buffer,
    Shared,
    Attribute,
    Varying,
    Centroid,
    Sample,
    Patch,
    Smooth,
    Flat,
    Noperspective,
    Invariant,
    Precise,
    Coherent,
    Volatile,
    Restrict,
    Readonly,
    Writeonly,
    Precision(Precision),
    Layout(Vec<LayoutId>),
    /// `subroutine` or `subroutine(TypeA, TypeB)`.
    Subroutine(Vec<(Symbol, Span)>),
    /// An extension qualifier written as an identifier (`rayPayloadEXT`, `nonuniformEXT`,
    /// `perprimitiveEXT`, `taskPayloadSharedEXT`, `devicecoherent`, ...).
    Named(Symbol),
    /// GL_EXT_spirv_intrinsics qualifiers.
    Spirv(SpirvQualifier),
}

impl QualifierKind {
    /// The keyword spelling of a simple qualifier.
    pub fn from_keyword(k: Keyword) -> Option<QualifierKind> {
        use QualifierKind as Q;
        Some(match k {
            Keyword::Const => Q::Const,
            Keyword::In => Q::In,
            Keyword::Out => Q::Out,
            Keyword::Inout => Q::Inout,
            Keyword::Uniform => Q::Uniform,
            Keyword::Buffer => Q::Buffer,
            Keyword::Shared => Q::Shared,
            Keyword::Attribute => Q::Attribute,
            Keyword::Varying => Q::Varying,
            Keyword::Centroid => Q::Centroid,
            Keyword::Sample => Q::Sample,
            Keyword::Patch => Q::Patch,
            Keyword::Smooth => Q::Smooth,
            Keyword::Flat => Q::Flat,
            Keyword::Noperspective => Q::Noperspective,
            Keyword::Invariant => Q::Invariant,
            Keyword::Precise => Q::Precise,
            Keyword::Coherent => Q::Coherent,
            Keyword::Volatile => Q::Volatile,
            Keyword::Restrict => Q::Restrict,
            Keyword::Readonly => Q::Readonly,
            Keyword::Writeonly => Q::Writeonly,
            Keyword::Lowp => Q::Precision(Precision::Low),
            Keyword::Mediump => Q::Precision(Precision::Medium),
            Keyword::Highp => Q::Precision(Precision::High),
            _ => return None,
        })
    }
}

/// Precision qualifiers, ordered lowest first.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Precision {
    Low,
    Medium,
    High,
}

impl Precision {
    pub fn name(self) -> &'static str {
        match self {
            Precision::Low => "lowp",
            Precision::Medium => "mediump",
            Precision::High => "highp",
        }
    }
}

/// One entry of `layout(...)`: `name` or `name = value`. `shared` is written as the keyword
/// but stored as a name like the others. Layout names are case-insensitive in GLSL; they are
/// stored as written.
#[derive(Clone, Debug)]
pub struct LayoutId {
    pub name: Symbol,
    pub value: Option<ExprId>,
    pub span: Span,
}

/// A GL_EXT_spirv_intrinsics construct: `spirv_decorate(11, 1)`, `spirv_instruction(set =
/// "GLSL.std.450", id = 81)`, `spirv_type(capabilities = [5], id = 21)`, ...
#[derive(Clone, Debug)]
pub struct SpirvQualifier {
    /// Which construct (`spirv_decorate`, `spirv_type`, ...).
    pub name: Symbol,
    pub args: Vec<SpirvArg>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum SpirvArg {
    /// An expression (or a string literal).
    Expr(ExprId),
    /// `key = value`.
    Named {
        key: Symbol,
        value: Box<SpirvArg>,
        span: Span,
    },
    /// `[a, b, ...]`.
    List(Vec<SpirvArg>, Span),
    /// A type argument (`spirv_type` parameters).
    Type(TypeSpec),
}

/// `[[name]]`, `[[name(args)]]` attributes (GL_EXT_control_flow_attributes and friends).
#[derive(Clone, Debug)]
pub struct Attribute {
    pub name: Symbol,
    pub args: Vec<ExprId>,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
    pub attrs: Vec<Attribute>,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    /// A declaration ([`TranslationUnit::local_decl`]).
    Decl(DeclId),
    Expr(ExprId),
    /// `;`
    Empty,
    /// `{ ... }`
    Compound(Vec<StmtId>),
    If {
        cond: ExprId,
        then_branch: StmtId,
        else_branch: Option<StmtId>,
    },
    /// `switch (e) { ... }`; the body holds `Case`/`Default` labels among the statements.
    Switch {
        selector: ExprId,
        body: Vec<StmtId>,
    },
    Case(ExprId),
    Default,
    While {
        cond: Condition,
        body: StmtId,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
    },
    For {
        init: Option<StmtId>,
        cond: Option<Condition>,
        step: Option<ExprId>,
        body: StmtId,
    },
    Break,
    Continue,
    Discard,
    Return(Option<ExprId>),
    /// `demote;` (GL_EXT_demote_to_helper_invocation)
    Demote,
    /// `terminateInvocation;` (GL_EXT_terminate_invocation)
    TerminateInvocation,
    /// `ignoreIntersectionEXT;` (GL_EXT_ray_tracing)
    IgnoreIntersection,
    /// `terminateRayEXT;` (GL_EXT_ray_tracing)
    TerminateRay,
    /// A statement that failed to parse (already reported).
    Error,
}

/// A loop condition: an expression, or a declaration with an initializer
/// (`while (bool b = f())`, [`TranslationUnit::cond_decl`]).
#[derive(Copy, Clone, Debug)]
pub enum Condition {
    Expr(ExprId),
    Decl(CondDeclId),
}

/// A declaration used as a loop condition.
#[derive(Clone, Debug)]
pub struct CondDecl {
    pub ty: TypeSpec,
    pub qualifiers: Qualifiers,
    pub name: Symbol,
    pub name_span: Span,
    pub init: ExprId,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Ident(Symbol),
    IntLit(IntLit),
    FloatLit(FloatLit),
    BoolLit(bool),
    /// A string literal (GL_EXT_debug_printf), with its quotes.
    StrLit(Symbol),
    Unary {
        op: UnaryOp,
        operand: ExprId,
    },
    Binary {
        op: BinaryOp,
        lhs: ExprId,
        rhs: ExprId,
    },
    /// `=` (op `None`) and compound assignments.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    Ternary {
        cond: ExprId,
        then_expr: ExprId,
        else_expr: ExprId,
    },
    /// `a, b, c`
    Comma(Vec<ExprId>),
    Index {
        base: ExprId,
        index: ExprId,
    },
    /// `.name`: a struct member or a swizzle.
    Field {
        base: ExprId,
        name: Symbol,
        name_span: Span,
    },
    /// A function call or constructor.
    Call {
        callee: Callee,
        args: ExprList,
    },
    /// `base.name(args)`: only `.length()` is GLSL.
    Method {
        base: ExprId,
        name: Symbol,
        name_span: Span,
        args: ExprList,
    },
    /// `(type) operand` (GL_NV_explicit_typecast); the type is [`TranslationUnit::type_spec`].
    Cast {
        ty: TypeSpecId,
        operand: ExprId,
    },
    /// A node that failed to parse (already reported).
    Error,
}

#[derive(Clone, Debug)]
pub enum Callee {
    /// A function or struct name (semantic analysis decides which).
    Name(Symbol, Span),
    /// A type (constructor): `vec4`, `float[3]`, `S[2]`, `coopmat<...>`
    /// ([`TranslationUnit::type_spec`]).
    Type(TypeSpecId),
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum UnaryOp {
    Plus,
    Neg,
    Not,
    BitNot,
    PreInc,
    PreDec,
    PostInc,
    PostDec,
}

impl UnaryOp {
    pub fn text(self) -> &'static str {
        match self {
            UnaryOp::Plus => "+",
            UnaryOp::Neg => "-",
            UnaryOp::Not => "!",
            UnaryOp::BitNot => "~",
            UnaryOp::PreInc | UnaryOp::PostInc => "++",
            UnaryOp::PreDec | UnaryOp::PostDec => "--",
        }
    }
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum BinaryOp {
    Mul,
    Div,
    Mod,
    Add,
    Sub,
    Shl,
    Shr,
    Lt,
    Gt,
    Le,
    Ge,
    Eq,
    Ne,
    BitAnd,
    BitXor,
    BitOr,
    LogicalAnd,
    LogicalXor,
    LogicalOr,
}

impl BinaryOp {
    pub fn text(self) -> &'static str {
        use BinaryOp::*;
        match self {
            Mul => "*",
            Div => "/",
            Mod => "%",
            Add => "+",
            Sub => "-",
            Shl => "<<",
            Shr => ">>",
            Lt => "<",
            Gt => ">",
            Le => "<=",
            Ge => ">=",
            Eq => "==",
            Ne => "!=",
            BitAnd => "&",
            BitXor => "^",
            BitOr => "|",
            LogicalAnd => "&&",
            LogicalXor => "^^",
            LogicalOr => "||",
        }
    }
}

/// The type an integer literal's suffix gives it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum IntSuffix {
    /// none: `int`
    None,
    /// `u`: `uint`
    U,
    /// `l`: `int64_t`
    L,
    /// `ul`: `uint64_t`
    UL,
    /// `s`: `int16_t`
    S,
    /// `us`: `uint16_t`
    US,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub struct IntLit {
    /// The value's bit pattern (checked to fit the literal's type).
    pub value: u64,
    pub suffix: IntSuffix,
}

/// The type a floating-point literal's suffix gives it.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum FloatSuffix {
    /// none or `f`: `float`
    None,
    F,
    /// `lf`: `double`
    LF,
    /// `hf`: `float16_t`
    HF,
    /// The 8-bit and smaller float types of GL_EXT_float_e5m2 and friends (`1.0fe5m2`).
    Small(SmallFloat),
}

/// Small floating-point formats with literal suffixes.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum SmallFloat {
    E5M2,
    E4M3,
    E3M2,
    E2M3,
    E2M1,
    UE8M0,
    MXINT8,
}

impl SmallFloat {
    /// The literal suffix (`fe5m2`) and the extension that allows it.
    pub fn suffix_and_extension(self) -> (&'static str, &'static str) {
        match self {
            SmallFloat::E5M2 => ("fe5m2", "GL_EXT_float_e5m2"),
            SmallFloat::E4M3 => ("fe4m3", "GL_EXT_float_e4m3"),
            SmallFloat::E3M2 => ("fe3m2", "GL_EXT_float_e3m2"),
            SmallFloat::E2M3 => ("fe2m3", "GL_EXT_float_e2m3"),
            SmallFloat::E2M1 => ("fe2m1", "GL_EXT_float_e2m1"),
            SmallFloat::UE8M0 => ("fue8m0", "GL_EXT_float_ue8m0"),
            SmallFloat::MXINT8 => ("fmxint8", "GL_EXT_float_mxint8"),
        }
    }

    pub const ALL: [SmallFloat; 7] = [
        SmallFloat::E5M2,
        SmallFloat::E4M3,
        SmallFloat::E3M2,
        SmallFloat::E2M3,
        SmallFloat::E2M1,
        SmallFloat::UE8M0,
        SmallFloat::MXINT8,
    ];
}

#[derive(Copy, Clone, PartialEq, Debug)]
pub struct FloatLit {
    /// The value, correctly rounded to a double.
    pub value: f64,
    pub suffix: FloatSuffix,
}
