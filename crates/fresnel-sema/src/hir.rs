//! The typed HIR (after Mesa's GLSL IR): the program after semantic analysis. Names are bound
//! to variables and functions, calls to overloads, constructors resolved, implicit conversions
//! explicit (`ExprKind::Convert`), constant expressions evaluated.

use smallvec::SmallVec;

use fresnel_syntax::ast::{BinaryOp, Precision, UnaryOp};
use fresnel_syntax::extensions::ExtensionState;
use fresnel_syntax::intern::Symbol;
use fresnel_syntax::source::Span;
use fresnel_syntax::version::{Stage, Version};

use crate::constant::ConstValue;
use crate::types::{TypeId, TypeTable};

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

id_type!(VarId);
id_type!(FuncId);
id_type!(ExprId);
id_type!(StmtId);

/// The checked program of one shader.
#[derive(Clone, Debug)]
pub struct Module {
    pub version: Version,
    pub stage: Option<Stage>,
    pub types: TypeTable,
    pub vars: Vec<Var>,
    /// Global variables in declaration order (built-ins first).
    pub globals: Vec<VarId>,
    pub functions: Vec<Function>,
    pub exprs: Vec<Expr>,
    pub stmts: Vec<Stmt>,
    /// Stage-wide layout qualifiers (`layout(local_size_x = 8) in;`, ...).
    pub stage_layout: Vec<LayoutEntry>,
    /// The `#extension` state at the end of the shader.
    pub extensions: ExtensionState,
    /// `#pragma STDGL invariant(all)`.
    pub invariant_all: bool,
    /// Subroutine types (GL_ARB_shader_subroutine) in declaration order, each with the
    /// functions declared compatible with it.
    pub subroutines: Vec<SubroutineType>,
    /// Specialization-constant expressions: a constant expression computed from
    /// specialization constants is folded (`ExprKind::Const` with the default values, what
    /// array sizes and other checks use), and this maps it to the same expression unfolded
    /// (its operands are again expressions of this map or plain constants, and a
    /// specialization constant itself is `ExprKind::Var`), which code generation uses so
    /// that specializing the shader changes the result. Lookups only.
    pub spec_unfolded: rustc_hash::FxHashMap<ExprId, ExprId>,
    /// Variables whose array dimensions are specialization-constant expressions (issue 5):
    /// per dimension of the variable's array type (outermost first) the unfolded size
    /// (`None`: a constant dimension); the type itself has the default sizes. Lookups only.
    pub spec_array_dims: rustc_hash::FxHashMap<VarId, Vec<Option<ExprId>>>,
    /// Expressions written `nonuniformEXT(e)` (GL_EXT_nonuniform_qualifier): `e` itself,
    /// marked (issue 5: the lowering marks its value non-uniform). Lookups only.
    pub nonuniform_exprs: rustc_hash::FxHashSet<ExprId>,
    /// Functions declared `spirv_instruction(...)` (GL_EXT_spirv_intrinsics; issue 5, added
    /// for the lowering): a call is that SPIR-V instruction. Lookups only.
    pub spirv_instructions: rustc_hash::FxHashMap<FuncId, SpirvInstruction>,
    /// `spirv_execution_mode(...)` / `spirv_execution_mode_id(...)` directives
    /// (GL_EXT_spirv_intrinsics), in order.
    pub spirv_execution_modes: Vec<SpirvExecutionMode>,
    /// The capabilities and SPIR-V extensions that execution mode directives and
    /// `spirv_decorate*` / `spirv_storage_class` qualifiers declare, each once.
    pub spirv_capabilities: Vec<u32>,
    pub spirv_extensions: Vec<String>,
    /// Arguments that name a function (`coopMatPerElementNV(r, m, f)`'s `f`, the combine
    /// function of `coopMatReduceNV`, the decode function of `coopMatLoadTensorNV`): the
    /// expression (an `ExprKind::Error`, it has no value) and the function it names.
    /// Lookups only.
    pub func_args: rustc_hash::FxHashMap<ExprId, FuncId>,
}

/// A subroutine type (`subroutine vec4 T(float);`) and its compatible functions
/// (`subroutine(T) vec4 f(float x) { ... }`).
#[derive(Clone, Debug)]
pub struct SubroutineType {
    pub name: Symbol,
    /// The HIR type `Type::Subroutine(name)`.
    pub ty: TypeId,
    /// The function record holding the type's signature (never defined).
    pub decl: FuncId,
    /// The functions declared `subroutine(..., name, ...)`, in order of first declaration.
    pub functions: Vec<FuncId>,
}

impl Module {
    pub fn var(&self, id: VarId) -> &Var {
        &self.vars[id.index()]
    }
    pub fn expr(&self, id: ExprId) -> &Expr {
        &self.exprs[id.index()]
    }
    pub fn stmt(&self, id: StmtId) -> &Stmt {
        &self.stmts[id.index()]
    }
    pub fn function(&self, id: FuncId) -> &Function {
        &self.functions[id.index()]
    }
    /// The subroutine type whose HIR type is `ty`.
    pub fn subroutine_type(&self, ty: TypeId) -> Option<&SubroutineType> {
        self.subroutines.iter().find(|s| s.ty == ty)
    }
    /// The unfolded form of a folded specialization-constant expression (see
    /// [`Module::spec_unfolded`]).
    pub fn spec_unfolded(&self, e: ExprId) -> Option<ExprId> {
        self.spec_unfolded.get(&e).copied()
    }
    /// Whether the expression's constant value depends on specialization constants.
    pub fn is_spec_expr(&self, e: ExprId) -> bool {
        self.spec_unfolded.contains_key(&e)
    }
}

/// Where a variable lives.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Storage {
    /// A function-local variable.
    Local,
    /// A global variable with no storage qualifier.
    Global,
    Const,
    In,
    Out,
    Uniform,
    Buffer,
    Shared,
    Param(ParamDir),
    /// An extension storage qualifier (`rayPayloadEXT`, `hitAttributeEXT`,
    /// `taskPayloadSharedEXT`, `callableDataEXT`, `shaderRecordEXT`, ...).
    Ext(Symbol),
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum ParamDir {
    In,
    Out,
    InOut,
    /// `const in` (or `const`).
    ConstIn,
}

#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug)]
pub enum Interp {
    Smooth,
    Flat,
    NoPerspective,
}

/// Memory qualifiers.
#[derive(Copy, Clone, PartialEq, Eq, Hash, Debug, Default)]
pub struct Memory {
    pub coherent: bool,
    pub volatile: bool,
    pub restrict: bool,
    pub readonly: bool,
    pub writeonly: bool,
}

/// One `layout(...)` entry after checking: the name (lower-cased where GLSL ignores case) and
/// its value.
#[derive(Clone, Debug, PartialEq)]
pub struct LayoutEntry {
    pub name: Symbol,
    pub value: Option<i64>,
    pub span: Span,
    /// `heap_offset = EXPR` (GL_EXT_structured_descriptor_heap): the checked expression,
    /// which may be a specialization constant or a member of a read-only block.
    pub expr: Option<ExprId>,
}

/// Qualifiers of a variable (or block member).
#[derive(Clone, Debug, Default)]
pub struct VarQuals {
    pub interp: Option<Interp>,
    pub centroid: bool,
    pub sample: bool,
    pub patch: bool,
    pub invariant: bool,
    pub precise: bool,
    pub precision: Option<Precision>,
    pub memory: Memory,
    pub layout: Vec<LayoutEntry>,
    /// Extension qualifiers that are not storage (`nonuniformEXT`, `perprimitiveEXT`, ...).
    pub ext: Vec<Symbol>,
}

impl VarQuals {
    pub fn layout_value(&self, name: Symbol) -> Option<Option<i64>> {
        self.layout
            .iter()
            .rev()
            .find(|e| e.name == name)
            .map(|e| e.value)
    }
}

#[derive(Clone, Debug)]
pub struct Var {
    pub name: Symbol,
    pub ty: TypeId,
    pub storage: Storage,
    pub quals: VarQuals,
    pub span: Span,
    pub init: Option<ExprId>,
    /// The value, for constants.
    pub constant: Option<ConstValue>,
    /// Declared by the implementation (`gl_Position`, ...).
    pub builtin: bool,
    /// A block instance, or the variables of an anonymous block's members point here.
    pub block_member: Option<(VarId, u32)>,
}

#[derive(Clone, Debug)]
pub struct Function {
    pub name: Symbol,
    pub ret: TypeId,
    pub ret_precision: Option<Precision>,
    pub params: Vec<VarId>,
    /// `None` for a function only declared (a prototype never defined).
    pub body: Option<StmtId>,
    pub span: Span,
    /// `[[inline]]` / `[[noinline]]` (GL_EXT_function_control_attributes), from any of its
    /// declarations.
    pub control: FunctionControl,
}

/// A function's inlining hint (SPIR-V's function control).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub enum FunctionControl {
    #[default]
    None,
    Inline,
    DontInline,
}

#[derive(Clone, Debug)]
pub struct Expr {
    pub kind: ExprKind,
    pub ty: TypeId,
    /// The precision of the result where one applies (ES and Vulkan).
    pub precision: Option<Precision>,
    pub span: Span,
}

/// Which built-in function overload a call binds to.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct BuiltinRef {
    pub name: &'static str,
    /// Index into [`crate::builtins::SIGNATURES`] (`u32::MAX` for built-ins checked by hand,
    /// such as `debugPrintfEXT`).
    pub sig: u32,
}

#[derive(Clone, Debug)]
pub enum ExprKind {
    Var(VarId),
    Const(ConstValue),
    Unary(UnaryOp, ExprId),
    Binary(BinaryOp, ExprId, ExprId),
    /// `=` (`op: None`) and compound assignments.
    Assign {
        op: Option<BinaryOp>,
        lhs: ExprId,
        rhs: ExprId,
    },
    Select {
        cond: ExprId,
        then_expr: ExprId,
        else_expr: ExprId,
    },
    Comma(Vec<ExprId>),
    Index(ExprId, ExprId),
    Member(ExprId, u32),
    /// Component indices (0..4) of a vector.
    Swizzle(ExprId, SmallVec<[u8; 4]>),
    Call(FuncId, Vec<ExprId>),
    /// A call through a subroutine uniform (the first expression).
    SubroutineCall(ExprId, Vec<ExprId>),
    Builtin(BuiltinRef, Vec<ExprId>),
    Construct(TypeId, Vec<ExprId>),
    /// An implicit or explicit conversion to the expression's type.
    Convert(ExprId),
    /// `a.length()` of a runtime-sized array (a known length is folded to a constant).
    ArrayLength(ExprId),
    /// A string literal (only GL_EXT_debug_printf and GL_EXT_abort have them): of type
    /// `string`, it has no value; the calls that take strings read the text.
    StrLit(Symbol),
    Error,
}

#[derive(Clone, Debug)]
pub struct Stmt {
    pub kind: StmtKind,
    pub span: Span,
}

#[derive(Clone, Debug)]
pub enum StmtKind {
    Block(Vec<StmtId>),
    Expr(ExprId),
    /// Local variable declarations (initializers are in `Var::init`).
    Decl(Vec<VarId>),
    If {
        cond: ExprId,
        then_branch: StmtId,
        else_branch: Option<StmtId>,
    },
    Switch {
        selector: ExprId,
        body: Vec<StmtId>,
    },
    Case(ConstValue),
    Default,
    While {
        /// A condition that declares a variable (`while (bool b = f())`).
        cond_var: Option<VarId>,
        cond: ExprId,
        body: StmtId,
    },
    DoWhile {
        body: StmtId,
        cond: ExprId,
    },
    For {
        init: Option<StmtId>,
        cond_var: Option<VarId>,
        cond: Option<ExprId>,
        step: Option<ExprId>,
        body: StmtId,
    },
    Break,
    Continue,
    Discard,
    Return(Option<ExprId>),
    Demote,
    TerminateInvocation,
    IgnoreIntersection,
    TerminateRay,
    Empty,
}

/// A `spirv_execution_mode([extensions = [...], capabilities = [...],] mode, operands...)`
/// directive, or `spirv_execution_mode_id(...)` whose operands are constant expressions
/// written as ids (GL_EXT_spirv_intrinsics).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpirvExecutionMode {
    pub mode: u32,
    /// `spirv_execution_mode_id`.
    pub id: bool,
    /// Constant scalar expressions (for `_id`, specialization constants too).
    pub operands: Vec<ExprId>,
    pub span: Span,
}

/// A `spirv_instruction(extensions = [...], capabilities = [...], set = "...", id = N)`
/// qualifier of a function prototype (GL_EXT_spirv_intrinsics; issue 5).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpirvInstruction {
    /// The extended instruction set (`OpExtInst`); `None`: the raw instruction `id`.
    pub set: Option<String>,
    pub id: u32,
    pub extensions: Vec<String>,
    pub capabilities: Vec<u32>,
    /// Per parameter: declared `spirv_by_reference` (passed as a pointer).
    pub by_reference: Vec<bool>,
    /// Per parameter: declared `spirv_literal` (a constant written as a literal word).
    pub literal: Vec<bool>,
}
