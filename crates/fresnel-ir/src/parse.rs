//! The parser of the IR text form printed by [`crate::print`].
//!
//! [`parse`] returns the shader or the first error with its `line:column`. It never panics,
//! whatever the input: numbers are bounded by the input's size (value and block numbers may
//! not exceed twice the input length in bytes or 4096, whichever is larger, nor 2^24),
//! nesting of control flow, types and constants is limited to [`MAX_DEPTH`], and the tree's
//! shape rules (every list starts with a block, no adjacent blocks, `if`/`loop` follow and
//! are followed by a block, `break`/`continue` inside loops) are checked here, since the CFG
//! cannot be built otherwise. Everything else (dominance, operand sizes, phi sources, ...)
//! is left to [`crate::validate()`].
//!
//! Value, block and variable numbers are kept as written, so printing a parsed shader gives
//! the same text; values numbered in the gaps get removed `undef` definitions. Use lists and
//! the CFG are rebuilt from the text. An intrinsic's `num_components` may be left out when
//! it is implied (by its result, or by its first source sized by it).

use std::fmt;

use rustc_hash::{FxHashMap, FxHashSet};
use smallvec::SmallVec;

use crate::entity::{EntityId, EntityVec};
use crate::func::{Block, CfNode, Function, IfNode, ListRef, LoopNode, Param, ParamDir};
use crate::instr::*;
use crate::intrinsic::{AtomicOp, IndexKind, Intrinsic, ReductionOp};
use crate::op::AluOp;
use crate::print::SWIZZLE_CHARS;
use crate::shader::{
    BlockPacking, Constant, GeometryInfo, Heap, HeapKind, HeapOffset, Interp, MemberDecor,
    Precision, Sampling, Shader, SpecConstant, Stage, VarMode, Variable,
};
use crate::types::{BaseType, Field, SamplerDim, Type, TypeId, Types};

/// Maximum nesting of control flow, array types and constants.
pub const MAX_DEPTH: usize = 200;

/// A parse error at a `line:column` (1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ParseError {
    pub line: u32,
    pub col: u32,
    pub message: String,
}

impl fmt::Display for ParseError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.message)
    }
}

impl std::error::Error for ParseError {}

/// Parses a shader from its text form.
pub fn parse(text: &str) -> Result<Shader, ParseError> {
    let toks = lex(text)?;
    let limit = (text.len().saturating_mul(2)).clamp(4096, 1 << 24) as u64;
    let mut p = Parser {
        toks,
        pos: 0,
        limit,
        types: Types::new(),
        structs: FxHashMap::default(),
        depth: 0,
    };
    p.shader()
}

// ---------------------------------------------------------------------------------------
// Lexer

#[derive(Clone, Debug, PartialEq)]
enum Tk {
    Ident(String),
    Int(i128),
    Str(String),
    Value(u64),
    Var(u64),
    /// `%` not followed by a digit (a struct reference).
    Percent,
    Punct(char),
    Arrow,
    Eof,
}

#[derive(Clone, Debug)]
struct Tok {
    tk: Tk,
    line: u32,
    col: u32,
}

fn lex(text: &str) -> Result<Vec<Tok>, ParseError> {
    let chars: Vec<char> = text.chars().collect();
    let mut toks = Vec::new();
    let (mut i, mut line, mut col) = (0usize, 1u32, 1u32);
    let err = |line, col, m: String| ParseError {
        line,
        col,
        message: m,
    };
    macro_rules! bump {
        () => {{
            if chars[i] == '\n' {
                line += 1;
                col = 1;
            } else {
                col += 1;
            }
            i += 1;
        }};
    }
    while i < chars.len() {
        let c = chars[i];
        let (tl, tc) = (line, col);
        if c.is_whitespace() {
            bump!();
            continue;
        }
        if c == '/' && chars.get(i + 1) == Some(&'/') {
            while i < chars.len() && chars[i] != '\n' {
                bump!();
            }
            continue;
        }
        let tk = if c.is_ascii_alphabetic() || c == '_' {
            let mut s = String::new();
            while i < chars.len() && (chars[i].is_ascii_alphanumeric() || chars[i] == '_') {
                s.push(chars[i]);
                bump!();
            }
            Tk::Ident(s)
        } else if c.is_ascii_digit()
            || (c == '-' && chars.get(i + 1).is_some_and(|d| d.is_ascii_digit()))
        {
            let neg = c == '-';
            if neg {
                bump!();
            }
            let hex = chars[i] == '0'
                && matches!(chars.get(i + 1), Some('x') | Some('X'))
                && chars.get(i + 2).is_some_and(|d| d.is_ascii_hexdigit());
            let radix = if hex {
                bump!();
                bump!();
                16
            } else {
                10
            };
            let mut v: i128 = 0;
            while i < chars.len() && chars[i].is_digit(radix) {
                let d = i128::from(chars[i].to_digit(radix).unwrap_or(0) as u8);
                v = v
                    .checked_mul(i128::from(radix))
                    .and_then(|x| x.checked_add(d))
                    .filter(|x| *x <= i128::from(u64::MAX))
                    .ok_or_else(|| err(tl, tc, "integer too large".into()))?;
                bump!();
            }
            Tk::Int(if neg { -v } else { v })
        } else if c == '%' || c == '@' {
            bump!();
            if i < chars.len() && chars[i].is_ascii_digit() {
                let mut v: u64 = 0;
                while i < chars.len() && chars[i].is_ascii_digit() {
                    v = v
                        .checked_mul(10)
                        .and_then(|x| x.checked_add(u64::from(chars[i].to_digit(10).unwrap_or(0))))
                        .ok_or_else(|| err(tl, tc, "number too large".into()))?;
                    bump!();
                }
                if c == '%' {
                    Tk::Value(v)
                } else {
                    Tk::Var(v)
                }
            } else if c == '%' {
                Tk::Percent
            } else {
                return Err(err(tl, tc, "expected a variable number after '@'".into()));
            }
        } else if c == '"' {
            bump!();
            let mut s = String::new();
            loop {
                let Some(&d) = chars.get(i) else {
                    return Err(err(tl, tc, "unterminated string".into()));
                };
                match d {
                    '"' => {
                        bump!();
                        break;
                    }
                    '\n' => return Err(err(tl, tc, "newline in string".into())),
                    '\\' => {
                        bump!();
                        let Some(&e) = chars.get(i) else {
                            return Err(err(tl, tc, "unterminated string".into()));
                        };
                        bump!();
                        match e {
                            '"' => s.push('"'),
                            '\\' => s.push('\\'),
                            'n' => s.push('\n'),
                            't' => s.push('\t'),
                            'u' => {
                                if chars.get(i) != Some(&'{') {
                                    return Err(err(line, col, "expected '{' after \\u".into()));
                                }
                                bump!();
                                let mut v: u32 = 0;
                                let mut n = 0;
                                while i < chars.len() && chars[i].is_ascii_hexdigit() && n < 6 {
                                    v = v * 16 + chars[i].to_digit(16).unwrap_or(0);
                                    n += 1;
                                    bump!();
                                }
                                if chars.get(i) != Some(&'}') || n == 0 {
                                    return Err(err(line, col, "bad \\u{...} escape".into()));
                                }
                                bump!();
                                s.push(
                                    char::from_u32(v).ok_or_else(|| {
                                        err(line, col, "bad character code".into())
                                    })?,
                                );
                            }
                            other => {
                                return Err(err(line, col, format!("unknown escape \\{other}")))
                            }
                        }
                    }
                    d => {
                        s.push(d);
                        bump!();
                    }
                }
            }
            Tk::Str(s)
        } else if c == '-' && chars.get(i + 1) == Some(&'>') {
            bump!();
            bump!();
            Tk::Arrow
        } else if "(){}[],=:.#;".contains(c) {
            bump!();
            Tk::Punct(c)
        } else {
            return Err(err(tl, tc, format!("unexpected character {c:?}")));
        };
        toks.push(Tok {
            tk,
            line: tl,
            col: tc,
        });
    }
    toks.push(Tok {
        tk: Tk::Eof,
        line,
        col,
    });
    Ok(toks)
}

// ---------------------------------------------------------------------------------------
// Parser

struct Parser {
    toks: Vec<Tok>,
    pos: usize,
    /// Largest value or block number accepted.
    limit: u64,
    types: Types,
    /// Struct references (`%S`, `%S#1`) declared so far.
    structs: FxHashMap<String, TypeId>,
    depth: usize,
}

type PResult<T> = Result<T, ParseError>;

/// A parsed instruction: its kind (with raw ids) and its results' shapes.
struct PInstr {
    kind: InstrKind,
    dests: SmallVec<[(ValueId, u8, u8); 2]>,
    /// An intrinsic whose `num_components` the text leaves to be implied.
    infer_nc: bool,
    /// Value flags written after results (`%3 [relaxed] = ...`).
    flags: SmallVec<[(ValueId, ValueFlags); 1]>,
    line: u32,
    col: u32,
}

enum PNode {
    Block {
        id: BlockId,
        instrs: Vec<PInstr>,
        line: u32,
        col: u32,
    },
    If {
        cond: ValueId,
        then_list: Vec<PNode>,
        else_list: Vec<PNode>,
        line: u32,
        col: u32,
    },
    Loop {
        body: Vec<PNode>,
        line: u32,
        col: u32,
    },
}

struct PFunc {
    id: FuncId,
    name: String,
    params: Vec<Param>,
    ret: Option<VarId>,
    locals: Vec<VarId>,
    body: Vec<PNode>,
    end: BlockId,
    line: u32,
    col: u32,
    /// Issue 4: a `declare` (no body).
    external: bool,
    /// `inline` / `noinline` after the signature.
    control: crate::func::FunctionControl,
}

fn ident_is(t: &Tk, s: &str) -> bool {
    matches!(t, Tk::Ident(x) if x == s)
}

impl Parser {
    fn peek(&self) -> &Tok {
        &self.toks[self.pos.min(self.toks.len() - 1)]
    }

    fn peek_at(&self, k: usize) -> &Tok {
        &self.toks[(self.pos + k).min(self.toks.len() - 1)]
    }

    fn next(&mut self) -> Tok {
        let t = self.peek().clone();
        if self.pos < self.toks.len() - 1 {
            self.pos += 1;
        }
        t
    }

    fn err_at<T>(&self, t: &Tok, m: impl Into<String>) -> PResult<T> {
        Err(ParseError {
            line: t.line,
            col: t.col,
            message: m.into(),
        })
    }

    fn err<T>(&self, m: impl Into<String>) -> PResult<T> {
        let t = self.peek().clone();
        let found = describe(&t.tk);
        self.err_at(&t, format!("{}, found {found}", m.into()))
    }

    fn is_punct(&self, c: char) -> bool {
        self.peek().tk == Tk::Punct(c)
    }

    fn eat_punct(&mut self, c: char) -> bool {
        if self.is_punct(c) {
            self.next();
            true
        } else {
            false
        }
    }

    fn expect_punct(&mut self, c: char) -> PResult<()> {
        if self.eat_punct(c) {
            Ok(())
        } else {
            self.err(format!("expected '{c}'"))
        }
    }

    fn is_ident(&self, s: &str) -> bool {
        ident_is(&self.peek().tk, s)
    }

    fn eat_ident(&mut self, s: &str) -> bool {
        if self.is_ident(s) {
            self.next();
            true
        } else {
            false
        }
    }

    fn expect_ident(&mut self, s: &str) -> PResult<()> {
        if self.eat_ident(s) {
            Ok(())
        } else {
            self.err(format!("expected '{s}'"))
        }
    }

    fn ident(&mut self) -> PResult<String> {
        match self.peek().tk.clone() {
            Tk::Ident(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err("expected an identifier"),
        }
    }

    /// An identifier or a quoted string.
    fn name(&mut self) -> PResult<String> {
        match self.peek().tk.clone() {
            Tk::Ident(s) | Tk::Str(s) => {
                self.next();
                Ok(s)
            }
            _ => self.err("expected a name"),
        }
    }

    fn int(&mut self) -> PResult<i128> {
        match self.peek().tk {
            Tk::Int(v) => {
                self.next();
                Ok(v)
            }
            _ => self.err("expected an integer"),
        }
    }

    fn int_in<T: TryFrom<i128>>(&mut self, what: &str) -> PResult<T> {
        let t = self.peek().clone();
        let v = self.int()?;
        T::try_from(v).or_else(|_| self.err_at(&t, format!("{what} {v} out of range")))
    }

    fn at_eol(&self, line: u32) -> bool {
        let t = self.peek();
        t.line != line || t.tk == Tk::Eof
    }

    fn enter(&mut self) -> PResult<()> {
        self.depth += 1;
        if self.depth > MAX_DEPTH {
            return self.err(format!("nesting deeper than {MAX_DEPTH}"));
        }
        Ok(())
    }

    fn leave(&mut self) {
        self.depth -= 1;
    }

    fn value(&mut self) -> PResult<ValueId> {
        match self.peek().tk {
            Tk::Value(v) => {
                if v > self.limit {
                    return self.err(format!("value number exceeds the limit {}", self.limit));
                }
                self.next();
                Ok(ValueId(v as u32))
            }
            _ => self.err("expected a value (%N)"),
        }
    }

    fn var_ref(&mut self) -> PResult<VarId> {
        match self.peek().tk {
            Tk::Var(v) => {
                if v > self.limit {
                    return self.err(format!("variable number exceeds the limit {}", self.limit));
                }
                self.next();
                Ok(VarId(v as u32))
            }
            _ => self.err("expected a variable (@N)"),
        }
    }

    /// An identifier `<prefix><number>` (`b3`, `fn0`).
    fn prefixed(&mut self, prefix: &str, what: &str) -> PResult<u32> {
        let t = self.peek().clone();
        if let Tk::Ident(s) = &t.tk {
            if let Some(rest) = s.strip_prefix(prefix) {
                if !rest.is_empty() && rest.len() <= 9 && rest.bytes().all(|b| b.is_ascii_digit()) {
                    let v: u64 = rest.parse().unwrap_or(u64::MAX);
                    if v > self.limit {
                        return self.err_at(&t, format!("{what} number exceeds the limit"));
                    }
                    self.next();
                    return Ok(v as u32);
                }
            }
        }
        self.err(format!("expected a {what} ({prefix}N)"))
    }

    fn block_ref(&mut self) -> PResult<BlockId> {
        self.prefixed("b", "block").map(BlockId)
    }

    /// `BITSxN` (`32x4`): the lexer gives an integer then an identifier `xN`.
    fn shape(&mut self) -> PResult<(u8, u8)> {
        let bits: u8 = self.int_in("bit size")?;
        let t = self.peek().clone();
        if let Tk::Ident(s) = &t.tk {
            if let Some(n) = s.strip_prefix('x') {
                if let Ok(n) = n.parse::<u8>() {
                    self.next();
                    return Ok((bits, n));
                }
            }
        }
        self.err("expected a shape like 32x4")
    }

    // ---- header ----

    fn shader(&mut self) -> PResult<Shader> {
        self.expect_ident("shader")?;
        let t = self.peek().clone();
        let stage_name = self.ident()?;
        let stage = Stage::from_name(&stage_name).map_or_else(
            || self.err_at(&t, format!("unknown stage '{stage_name}'")),
            Ok,
        )?;
        let mut shader = Shader::new(stage);
        if self.eat_ident("info") {
            self.info(&mut shader)?;
        }
        let mut entry = None;
        if self.eat_ident("entry") {
            entry = Some(self.prefixed("fn", "function")?);
        }
        // Variables by number, and functions.
        let mut vars: FxHashMap<u32, (Variable, u32, u32)> = FxHashMap::default();
        let mut funcs: Vec<PFunc> = Vec::new();
        loop {
            let t = self.peek().clone();
            match &t.tk {
                Tk::Eof => break,
                Tk::Ident(s) if s == "struct" || s == "block" => self.struct_decl()?,
                Tk::Ident(s) if s == "var" => {
                    self.next();
                    let id = self.var_ref()?;
                    let v = self.var_decl(None)?;
                    if vars.insert(id.0, (v, t.line, t.col)).is_some() {
                        return self.err_at(&t, format!("variable {id} declared twice"));
                    }
                }
                // Issue 4: `declare` is a function without a body.
                Tk::Ident(s) if s == "function" || s == "declare" => {
                    let f = self.function(&mut vars)?;
                    funcs.push(f);
                }
                _ => return self.err("expected 'struct', 'var', 'function' or 'declare'"),
            }
        }
        // Variables must be numbered 0..n.
        let n = vars.len();
        let mut slots: Vec<Option<Variable>> = vec![None; n];
        for (id, (v, line, col)) in vars {
            match slots.get_mut(id as usize) {
                Some(s) => *s = Some(v),
                None => {
                    return Err(ParseError {
                        line,
                        col,
                        message: format!(
                            "variables must be numbered @0 to @{}: @{id} leaves a gap",
                            n.saturating_sub(1)
                        ),
                    })
                }
            }
        }
        for v in slots.into_iter().flatten() {
            shader.vars.push(v);
        }
        for (i, f) in funcs.iter().enumerate() {
            if f.id.index() != i {
                return Err(ParseError {
                    line: f.line,
                    col: f.col,
                    message: format!("functions must be numbered in order: expected fn{i}"),
                });
            }
        }
        let nfuncs = funcs.len();
        if let Some(e) = entry {
            if e as usize >= nfuncs {
                return Err(ParseError {
                    line: 1,
                    col: 1,
                    message: format!("entry fn{e} is not defined"),
                });
            }
            shader.entry = Some(FuncId(e));
        }
        for v in shader.vars.values() {
            if let Some(f) = v.function {
                if f.index() >= nfuncs {
                    return Err(ParseError {
                        line: 1,
                        col: 1,
                        message: format!("variable {} owned by undefined {f}", v.name),
                    });
                }
            }
        }
        let nvars = shader.vars.len();
        for pf in funcs {
            let f = self.build_function(pf, nvars, nfuncs)?;
            shader.functions.push(f);
        }
        shader.types = std::mem::take(&mut self.types);
        Ok(shader)
    }

    fn info(&mut self, shader: &mut Shader) -> PResult<()> {
        loop {
            let t = self.peek().clone();
            let Tk::Ident(word) = &t.tk else { break };
            match word.as_str() {
                "local_size" => {
                    self.next();
                    self.expect_punct('=')?;
                    let x: u32 = self.int_in("local size")?;
                    let t2 = self.peek().clone();
                    let rest = self.ident()?;
                    let parts: Vec<Option<u32>> = rest
                        .strip_prefix('x')
                        .unwrap_or("")
                        .split('x')
                        .map(|p| p.parse().ok())
                        .collect();
                    match parts.as_slice() {
                        [Some(y), Some(z)] => shader.info.local_size = [x, *y, *z],
                        _ => return self.err_at(&t2, "expected local_size=XxYxZ"),
                    }
                }
                "geometry" => {
                    self.next();
                    self.expect_punct('(')?;
                    let input = self.name()?;
                    let output = self.name()?;
                    self.expect_ident("max_vertices")?;
                    self.expect_punct('=')?;
                    let max_vertices = self.int_in("max_vertices")?;
                    self.expect_ident("invocations")?;
                    self.expect_punct('=')?;
                    let invocations = self.int_in("invocations")?;
                    self.expect_punct(')')?;
                    shader.info.geometry = Some(GeometryInfo {
                        input,
                        output,
                        max_vertices,
                        invocations,
                    });
                }
                "tess_vertices" => {
                    self.next();
                    self.expect_punct('=')?;
                    shader.info.tess_vertices = Some(self.int_in("tess_vertices")?);
                }
                "early_fragment_tests" => {
                    self.next();
                    shader.info.early_fragment_tests = true;
                }
                "origin_upper_left" => {
                    self.next();
                    shader.info.origin_upper_left = true;
                }
                "pixel_center_integer" => {
                    self.next();
                    shader.info.pixel_center_integer = true;
                }
                "local_size_x_id" | "local_size_y_id" | "local_size_z_id" => {
                    self.next();
                    self.expect_punct('=')?;
                    let k = usize::from(word.as_bytes()[11] - b'x');
                    shader.info.local_size_id[k] = Some(self.int_in("specialization id")?);
                }
                "tess_primitive" | "tess_spacing" | "tess_order" | "depth_layout"
                | "blend_support" => {
                    self.next();
                    self.expect_punct('=')?;
                    let v = self.name()?;
                    let i = &mut shader.info;
                    match word.as_str() {
                        "tess_primitive" => i.tess_primitive = Some(v),
                        "tess_spacing" => i.tess_spacing = Some(v),
                        "tess_order" => i.tess_order = Some(v),
                        "depth_layout" => i.depth_layout = Some(v),
                        _ => i.blend_support.push(v),
                    }
                }
                "tess_point_mode" => {
                    self.next();
                    shader.info.tess_point_mode = true;
                }
                "mode" => {
                    self.next();
                    self.expect_punct('(')?;
                    let m = self.name()?;
                    let mut val = None;
                    if self.eat_punct('=') {
                        val = Some(self.int_in("mode value")?);
                    }
                    self.expect_punct(')')?;
                    shader.info.other_modes.push((m, val));
                }
                "spec_const" => {
                    self.next();
                    self.expect_punct('(')?;
                    let id = self.int_in("specialization id")?;
                    let tt = self.peek().clone();
                    let ty = self.ty()?;
                    if self.types.value_shape(ty).is_none_or(|(_, n)| n != 1)
                        && !crate::vendor::is_small_float_scalar(&self.types, ty)
                    {
                        return self.err_at(&tt, "a specialization constant must be a scalar");
                    }
                    let name = self.name()?;
                    let value = self.constant()?;
                    self.expect_punct(')')?;
                    shader.info.spec_constants.push(SpecConstant {
                        id,
                        name,
                        ty,
                        value,
                    });
                }
                "spirv_mode" => {
                    use crate::shader::{SpirvMode, SpirvModeOperand as O};
                    self.next();
                    self.expect_punct('(')?;
                    let mut md = SpirvMode {
                        mode: self.int_in("execution mode")?,
                        ..SpirvMode::default()
                    };
                    while !self.eat_punct(')') {
                        let t = self.peek().clone();
                        match self.ident()?.as_str() {
                            "id" => md.id = true,
                            "int" => md.operands.push(O::Int(self.int_in("operand")?)),
                            "uint" => md.operands.push(O::Uint(self.int_in("operand")?)),
                            "float" => md.operands.push(O::Float(self.int_in("operand")?)),
                            "bool" => md
                                .operands
                                .push(O::Bool(self.int_in::<u8>("operand")? != 0)),
                            "spec" => md.operands.push(O::Spec(self.int_in("operand")?)),
                            w => {
                                return self.err_at(&t, format!("unknown `spirv_mode` word `{w}`"))
                            }
                        }
                    }
                    shader.info.spirv_modes.push(md);
                }
                "spirv_cap" => {
                    self.next();
                    self.expect_punct('(')?;
                    let c = self.int_in("capability")?;
                    self.expect_punct(')')?;
                    shader.info.spirv_capabilities.push(c);
                }
                "spirv_ext" => {
                    self.next();
                    self.expect_punct('(')?;
                    let e = self.name()?;
                    self.expect_punct(')')?;
                    shader.info.spirv_extensions.push(e);
                }
                _ => break,
            }
        }
        Ok(())
    }

    // ---- types ----

    /// `%Name` or `%Name#k`: the reference text (as the printer writes it) and the name.
    fn struct_ref_text(&mut self) -> PResult<(String, String)> {
        self.next(); // '%'
        let n = self.name()?;
        let mut r = format!("%{}", crate::print::name(&n));
        if self.eat_punct('#') {
            let k: u32 = self.int_in("struct repetition")?;
            r = format!("{r}#{k}");
        }
        Ok((r, n))
    }

    fn struct_decl(&mut self) -> PResult<()> {
        let block = self.eat_ident("block");
        self.expect_ident("struct")?;
        let t = self.peek().clone();
        if t.tk != Tk::Percent {
            return self.err("expected a struct name (%Name)");
        }
        let (r, name) = self.struct_ref_text()?;
        if self.structs.contains_key(&r) {
            return self.err_at(&t, format!("struct {r} declared twice"));
        }
        self.expect_punct('{')?;
        let mut fields = Vec::new();
        let mut precisions = Vec::new();
        while !self.eat_punct('}') {
            let ty = self.ty()?;
            let fname = self.name()?;
            let mut f = Field {
                name: fname,
                ty,
                offset: None,
                row_major: false,
                matrix_stride: None,
            };
            let mut precision = Precision::None;
            for p in ["lowp", "mediump", "highp"] {
                if self.eat_ident(p) {
                    precision = Precision::from_name(p).unwrap_or_default();
                    break;
                }
            }
            precisions.push(precision);
            loop {
                if self.eat_ident("offset") {
                    self.expect_punct('=')?;
                    f.offset = Some(self.int_in("offset")?);
                } else if self.eat_ident("row_major") {
                    f.row_major = true;
                } else if self.eat_ident("matrix_stride") {
                    self.expect_punct('=')?;
                    f.matrix_stride = Some(self.int_in("matrix stride")?);
                } else {
                    break;
                }
            }
            self.expect_punct(';')
                .or_else(|_| self.err("expected ';' after a struct member"))?;
            fields.push(f);
        }
        let id = self.types.intern(Type::Struct {
            name,
            fields,
            block,
        });
        self.types.set_member_precision(id, precisions);
        self.structs.insert(r, id);
        Ok(())
    }

    fn ty(&mut self) -> PResult<TypeId> {
        self.enter()?;
        let r = self.ty_inner();
        self.leave();
        r
    }

    fn ty_inner(&mut self) -> PResult<TypeId> {
        let t = self.peek().clone();
        match &t.tk {
            Tk::Percent => {
                let (r, _) = self.struct_ref_text()?;
                match self.structs.get(&r) {
                    Some(id) => Ok(*id),
                    None => self.err_at(&t, format!("undeclared struct {r}")),
                }
            }
            Tk::Punct('[') => {
                self.next();
                let len: u32 = self.int_in("array length")?;
                self.expect_ident("x")?;
                let elem = self.ty()?;
                let mut stride = 0;
                // Issue 5: `, spec "<SpecExpr text>"` (a length given by specialization
                // constants, `Types::spec_array`).
                let mut spec = None;
                while self.eat_punct(',') {
                    if self.eat_ident("spec") {
                        let t = self.next();
                        let Tk::Str(text) = &t.tk else {
                            return self.err_at(&t, "expected the quoted length expression");
                        };
                        match crate::types::SpecExpr::parse(text) {
                            Some(e) => spec = Some(e),
                            None => return self.err_at(&t, "bad specialization length"),
                        }
                    } else {
                        self.expect_ident("stride")?;
                        stride = self.int_in("stride")?;
                    }
                }
                self.expect_punct(']')?;
                Ok(match spec {
                    Some(e) => self.types.spec_array(elem, len, stride, e),
                    None => self.types.intern(Type::Array { elem, len, stride }),
                })
            }
            Tk::Ident(s) => {
                let s = s.clone();
                self.next();
                if s == "opaque" {
                    let n = self.name()?;
                    return Ok(self.types.intern(Type::Opaque(n)));
                }
                match type_from_name(&s) {
                    Some(ty) => Ok(self.types.intern(ty)),
                    None => self.err_at(&t, format!("unknown type '{s}'")),
                }
            }
            _ => self.err("expected a type"),
        }
    }

    // ---- variables ----

    /// After `var @N`: `MODE TYPE NAME (attrs) = init`. `ctx` is the function declaring it.
    fn var_decl(&mut self, ctx: Option<FuncId>) -> PResult<Variable> {
        let t = self.peek().clone();
        let m = self.ident()?;
        let mode = VarMode::from_name(&m).map_or_else(
            || self.err_at(&t, format!("unknown variable mode '{m}'")),
            Ok,
        )?;
        let ty = self.ty()?;
        let name = self.name()?;
        let mut v = Variable::new(name, ty, mode);
        v.function = ctx;
        if self.eat_punct('(') {
            loop {
                let t = self.peek().clone();
                let a = self.ident()?;
                match a.as_str() {
                    "builtin" => v.builtin = true,
                    "flat" => v.interp = Interp::Flat,
                    "noperspective" => v.interp = Interp::NoPerspective,
                    "centroid" => v.sampling = Sampling::Centroid,
                    "sample" => v.sampling = Sampling::Sample,
                    "patch" => v.patch = true,
                    "invariant" => v.invariant = true,
                    "precise" => v.precise = true,
                    "relaxed" => v.relaxed_precision = true,
                    "lowp" | "mediump" | "highp" => {
                        v.precision = Precision::from_name(&a).unwrap_or_default()
                    }
                    "offset"
                    | "xfb_buffer"
                    | "xfb_offset"
                    | "xfb_stride"
                    | "stream"
                    | "input_attachment_index" => {
                        self.expect_punct('=')?;
                        let x = Some(self.int_in(&a)?);
                        match a.as_str() {
                            "offset" => v.offset = x,
                            "xfb_buffer" => v.xfb_buffer = x,
                            "xfb_offset" => v.xfb_offset = x,
                            "xfb_stride" => v.xfb_stride = x,
                            "stream" => v.stream = x,
                            _ => v.input_attachment_index = x,
                        }
                    }
                    "heap" => {
                        self.expect_punct('=')?;
                        let kt = self.peek().clone();
                        let kind = match self.ident()?.as_str() {
                            "resource" => HeapKind::Resource,
                            "sampler" => HeapKind::Sampler,
                            k => return self.err_at(&kt, format!("unknown heap '{k}'")),
                        };
                        v.heap = Some(Heap {
                            kind,
                            stride: None,
                            offset: None,
                        });
                    }
                    "heap_stride" | "heap_offset" => {
                        self.expect_punct('=')?;
                        let Some(h) = v.heap.as_mut() else {
                            return self.err_at(&t, format!("'{a}' before 'heap='"));
                        };
                        if a == "heap_stride" {
                            h.stride = Some(self.int_in("heap_stride")?);
                        } else if self.eat_ident("spec") {
                            self.expect_punct('(')?;
                            let id = self.int_in("spec id")?;
                            self.expect_punct(')')?;
                            h.offset = Some(HeapOffset::Spec(id));
                        } else if self.eat_ident("member") {
                            self.expect_punct('(')?;
                            let var = self.var_ref()?;
                            let mut path = Vec::new();
                            while self.eat_punct(',') {
                                if path.len() >= 64 {
                                    return self.err("member path longer than 64");
                                }
                                path.push(self.int_in("member index")?);
                            }
                            self.expect_punct(')')?;
                            h.offset = Some(HeapOffset::Member { var, path });
                        } else {
                            h.offset = Some(HeapOffset::Const(self.int_in("heap_offset")?));
                        }
                    }
                    "packing" => {
                        self.expect_punct('=')?;
                        let pt = self.peek().clone();
                        let p = self.ident()?;
                        v.packing = Some(BlockPacking::from_name(&p).map_or_else(
                            || self.err_at(&pt, format!("unknown block packing '{p}'")),
                            Ok,
                        )?);
                    }
                    "location" | "component" | "index" | "binding" | "set" | "access"
                    | "format" | "owner" => {
                        self.expect_punct('=')?;
                        match a.as_str() {
                            "location" => v.location = Some(self.int_in("location")?),
                            "component" => v.component = Some(self.int_in("component")?),
                            "index" => v.index = Some(self.int_in("index")?),
                            "binding" => v.binding = Some(self.int_in("binding")?),
                            "set" => v.set = Some(self.int_in("set")?),
                            "access" => v.access = self.int_in("access")?,
                            "format" => v.format = Some(self.name()?),
                            _ => {
                                if self.eat_ident("none") {
                                    v.function = None;
                                } else {
                                    v.function = Some(FuncId(self.prefixed("fn", "function")?));
                                }
                            }
                        }
                    }
                    _ => return self.err_at(&t, format!("unknown variable attribute '{a}'")),
                }
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct(')')?;
        }
        if self.eat_ident("members") {
            v.members = self.member_decors()?;
        }
        if self.eat_punct('=') {
            v.init = Some(self.constant()?);
        }
        Ok(v)
    }

    /// After `members`: `[N] { K (attrs); ... }`.
    fn member_decors(&mut self) -> PResult<Vec<MemberDecor>> {
        self.expect_punct('[')?;
        let nt = self.peek().clone();
        let n: usize = self.int_in("member count")?;
        // Each member is at most one struct field; bound the allocation by the text size.
        if n == 0 || n as u64 > self.limit {
            return self.err_at(&nt, format!("member count {n} out of range"));
        }
        self.expect_punct(']')?;
        self.expect_punct('{')?;
        let mut out = vec![MemberDecor::default(); n];
        while !self.eat_punct('}') {
            let kt = self.peek().clone();
            let k: usize = self.int_in("member index")?;
            if k >= n {
                return self.err_at(&kt, format!("member {k} of {n}"));
            }
            let mut m = MemberDecor::default();
            self.expect_punct('(')?;
            loop {
                let t = self.peek().clone();
                let a = self.ident()?;
                match a.as_str() {
                    "builtin" => m.builtin = true,
                    "flat" => m.interp = Interp::Flat,
                    "noperspective" => m.interp = Interp::NoPerspective,
                    "centroid" => m.sampling = Sampling::Centroid,
                    "sample" => m.sampling = Sampling::Sample,
                    "patch" => m.patch = true,
                    "invariant" => m.invariant = true,
                    "precise" => m.precise = true,
                    "lowp" | "mediump" | "highp" => {
                        m.precision = Precision::from_name(&a).unwrap_or_default()
                    }
                    "location" | "component" | "access" | "xfb_buffer" | "xfb_offset"
                    | "xfb_stride" | "stream" => {
                        self.expect_punct('=')?;
                        match a.as_str() {
                            "location" => m.location = Some(self.int_in("location")?),
                            "component" => m.component = Some(self.int_in("component")?),
                            "access" => m.access = self.int_in("access")?,
                            "xfb_buffer" => m.xfb_buffer = Some(self.int_in(&a)?),
                            "xfb_offset" => m.xfb_offset = Some(self.int_in(&a)?),
                            "xfb_stride" => m.xfb_stride = Some(self.int_in(&a)?),
                            _ => m.stream = Some(self.int_in(&a)?),
                        }
                    }
                    "format" => {
                        self.expect_punct('=')?;
                        m.format = Some(self.name()?);
                    }
                    "descriptor_size" => {
                        self.expect_punct('=')?;
                        m.descriptor_size = Some(self.int_in(&a)?);
                    }
                    _ => return self.err_at(&t, format!("unknown member attribute '{a}'")),
                }
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct(')')?;
            self.expect_punct(';')?;
            out[k] = m;
        }
        Ok(out)
    }

    fn constant(&mut self) -> PResult<Constant> {
        self.enter()?;
        let r = if self.eat_punct('(') {
            let mut vals = Vec::new();
            if !self.eat_punct(')') {
                loop {
                    vals.push(self.int_in::<u64>("constant")?);
                    if !self.eat_punct(',') {
                        break;
                    }
                }
                self.expect_punct(')')?;
            }
            Ok(Constant::Vector(vals))
        } else if self.eat_punct('{') {
            let mut items = Vec::new();
            if !self.eat_punct('}') {
                loop {
                    items.push(self.constant()?);
                    if !self.eat_punct(',') {
                        break;
                    }
                }
                self.expect_punct('}')?;
            }
            Ok(Constant::Composite(items))
        } else {
            self.err("expected a constant '(...)' or '{...}'")
        };
        self.leave();
        r
    }

    // ---- functions ----

    fn function(&mut self, vars: &mut FxHashMap<u32, (Variable, u32, u32)>) -> PResult<PFunc> {
        let t = self.next(); // 'function' or 'declare'
        let external = ident_is(&t.tk, "declare");
        let id = FuncId(self.prefixed("fn", "function")?);
        let name = self.name()?;
        self.expect_punct('(')?;
        let mut params = Vec::new();
        if !self.eat_punct(')') {
            loop {
                let t = self.peek().clone();
                let d = self.ident()?;
                let dir = match d.as_str() {
                    "in" => ParamDir::In,
                    "out" => ParamDir::Out,
                    "inout" => ParamDir::InOut,
                    _ => return self.err_at(&t, "expected in, out or inout"),
                };
                let var = self.var_ref()?;
                params.push(Param { var, dir });
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct(')')?;
        }
        let ret = if self.peek().tk == Tk::Arrow {
            self.next();
            Some(self.var_ref()?)
        } else {
            None
        };
        let control = if self.is_ident("inline") {
            self.next();
            crate::func::FunctionControl::Inline
        } else if self.is_ident("noinline") {
            self.next();
            crate::func::FunctionControl::DontInline
        } else {
            crate::func::FunctionControl::None
        };
        self.expect_punct('{')?;
        let mut locals = Vec::new();
        while self.is_ident("var") {
            let vt = self.next();
            let vid = self.var_ref()?;
            let is_decl =
                matches!(&self.peek().tk, Tk::Ident(m) if VarMode::from_name(m).is_some());
            if is_decl {
                let v = self.var_decl(Some(id))?;
                if vars.insert(vid.0, (v, vt.line, vt.col)).is_some() {
                    return self.err_at(&vt, format!("variable {vid} declared twice"));
                }
            }
            locals.push(vid);
        }
        if external {
            self.expect_punct('}')
                .or_else(|_| self.err("a declaration has no body; expected '}'"))?;
            return Ok(PFunc {
                id,
                name,
                params,
                ret,
                locals,
                body: Vec::new(),
                end: BlockId(1),
                line: t.line,
                col: t.col,
                external,
                control,
            });
        }
        let body = self.cf_list()?;
        // The end block.
        self.expect_ident("block")?;
        let end = self.block_ref()?;
        self.expect_punct('(')?;
        self.expect_ident("end")?;
        self.expect_punct(')')?;
        self.expect_punct(':')?;
        self.expect_punct('}')
            .or_else(|_| self.err("the end block holds no instructions; expected '}'"))?;
        Ok(PFunc {
            id,
            name,
            params,
            ret,
            locals,
            body,
            end,
            line: t.line,
            col: t.col,
            external,
            control,
        })
    }

    /// A control-flow list, up to `}` or the end block (`block bN (end)`).
    fn cf_list(&mut self) -> PResult<Vec<PNode>> {
        self.enter()?;
        let mut out = Vec::new();
        loop {
            let t = self.peek().clone();
            if self.is_ident("block") {
                if self.peek_at(2).tk == Tk::Punct('(') {
                    break; // the end block
                }
                self.next();
                let id = self.block_ref()?;
                self.expect_punct(':')?;
                let mut instrs = Vec::new();
                while !matches!(&self.peek().tk, Tk::Ident(s) if s == "block" || s == "if" || s == "loop")
                    && !self.is_punct('}')
                    && self.peek().tk != Tk::Eof
                {
                    instrs.push(self.instr()?);
                }
                out.push(PNode::Block {
                    id,
                    instrs,
                    line: t.line,
                    col: t.col,
                });
            } else if self.eat_ident("if") {
                let cond = self.value()?;
                self.expect_punct('{')?;
                let then_list = self.cf_list()?;
                self.expect_punct('}')?;
                self.expect_ident("else")?;
                self.expect_punct('{')?;
                let else_list = self.cf_list()?;
                self.expect_punct('}')?;
                out.push(PNode::If {
                    cond,
                    then_list,
                    else_list,
                    line: t.line,
                    col: t.col,
                });
            } else if self.eat_ident("loop") {
                self.expect_punct('{')?;
                let body = self.cf_list()?;
                self.expect_punct('}')?;
                out.push(PNode::Loop {
                    body,
                    line: t.line,
                    col: t.col,
                });
            } else {
                break;
            }
        }
        self.leave();
        Ok(out)
    }

    fn src_list(&mut self, line: u32) -> PResult<Vec<ValueId>> {
        let mut out = Vec::new();
        if !self.at_eol(line) && matches!(self.peek().tk, Tk::Value(_)) {
            loop {
                out.push(self.value()?);
                if self.at_eol(line) || !self.is_punct(',') {
                    break;
                }
                self.next();
            }
        }
        Ok(out)
    }

    fn swizzle(&mut self) -> PResult<[u8; 4]> {
        let mut sw = [0u8, 1, 2, 3];
        let t = self.peek().clone();
        let comps: Vec<u8> = if self.eat_punct('[') {
            let mut v = Vec::new();
            loop {
                v.push(self.int_in("swizzle component")?);
                if !self.eat_punct(',') {
                    break;
                }
            }
            self.expect_punct(']')?;
            v
        } else {
            let s = self.ident()?;
            let mut v = Vec::new();
            for c in s.bytes() {
                match SWIZZLE_CHARS.iter().position(|x| *x == c) {
                    Some(p) => v.push(p as u8),
                    None => return self.err_at(&t, format!("bad swizzle '{s}'")),
                }
            }
            v
        };
        if comps.is_empty() || comps.len() > 4 {
            return self.err_at(&t, "a swizzle has 1 to 4 components");
        }
        for (i, c) in comps.iter().enumerate() {
            sw[i] = *c;
        }
        Ok(sw)
    }

    fn instr(&mut self) -> PResult<PInstr> {
        let start = self.peek().clone();
        let line = start.line;
        let mut dests: SmallVec<[(ValueId, u8, u8); 2]> = SmallVec::new();
        let mut multi = false;
        let mut infer_nc = false;
        let mut flags: SmallVec<[(ValueId, ValueFlags); 1]> = SmallVec::new();
        if matches!(start.tk, Tk::Value(_)) {
            let d = self.value()?;
            self.value_flags(d, &mut flags)?;
            if self.is_punct('=') {
                dests.push((d, 0, 0));
            } else {
                multi = true;
                let (b, n) = self.shape()?;
                dests.push((d, b, n));
                while self.eat_punct(',') {
                    let d = self.value()?;
                    self.value_flags(d, &mut flags)?;
                    let (b, n) = self.shape()?;
                    dests.push((d, b, n));
                }
            }
            self.expect_punct('=')?;
        }
        let t = self.peek().clone();
        let word = self.ident()?;
        let single_dest = if dests.len() == 1 && !multi {
            Some(dests[0].0)
        } else {
            None
        };
        let single = |p: &Parser| -> PResult<ValueId> {
            match single_dest {
                Some(d) => Ok(d),
                None => p.err_at(&t, format!("'{word}' has one result: '%N = {word} ...'")),
            }
        };
        let kind = match word.as_str() {
            "break" | "continue" | "return" if dests.is_empty() => {
                InstrKind::Jump(match word.as_str() {
                    "break" => JumpKind::Break,
                    "continue" => JumpKind::Continue,
                    _ => JumpKind::Return,
                })
            }
            "call" => {
                if !dests.is_empty() && !multi {
                    return self.err_at(&t, "call results need shapes: '%N 32x4 = call ...'");
                }
                let func = FuncId(self.prefixed("fn", "function")?);
                self.expect_punct('(')?;
                let mut args = SmallVec::new();
                if !self.eat_punct(')') {
                    loop {
                        args.push(self.value()?);
                        if !self.eat_punct(',') {
                            break;
                        }
                    }
                    self.expect_punct(')')?;
                }
                InstrKind::Call {
                    func,
                    args,
                    dests: dests.iter().map(|d| d.0).collect(),
                }
            }
            "undef" => {
                let dest = single(self)?;
                let (b, n) = self.shape()?;
                dests[0] = (dest, b, n);
                InstrKind::Undef { dest }
            }
            "load_const" => {
                let dest = single(self)?;
                let (b, n) = self.shape()?;
                dests[0] = (dest, b, n);
                self.expect_punct('(')?;
                let mut values = SmallVec::new();
                if !self.eat_punct(')') {
                    loop {
                        values.push(self.int_in::<u64>("constant")?);
                        if !self.eat_punct(',') {
                            break;
                        }
                    }
                    self.expect_punct(')')?;
                }
                InstrKind::LoadConst { dest, values }
            }
            "phi" => {
                let dest = single(self)?;
                let (b, n) = self.shape()?;
                dests[0] = (dest, b, n);
                let mut srcs = SmallVec::new();
                if !self.at_eol(line) && self.peek_at(1).tk == Tk::Punct(':') {
                    loop {
                        let blk = self.block_ref()?;
                        self.expect_punct(':')?;
                        let v = self.value()?;
                        srcs.push((blk, v));
                        if self.at_eol(line) || !self.eat_punct(',') {
                            break;
                        }
                    }
                }
                InstrKind::Phi { dest, srcs }
            }
            "deref_var" | "deref_array" | "deref_struct" | "deref_cast" => {
                let dest = single(self)?;
                dests[0] = (dest, 32, 1);
                let kind = match word.as_str() {
                    "deref_var" => DerefKind::Var(self.var_ref()?),
                    "deref_array" => {
                        let parent = self.value()?;
                        self.expect_punct('[')?;
                        let index = self.value()?;
                        self.expect_punct(']')?;
                        DerefKind::Array { parent, index }
                    }
                    "deref_struct" => {
                        let parent = self.value()?;
                        self.expect_punct('.')?;
                        let field = self.int_in("field")?;
                        DerefKind::Struct { parent, field }
                    }
                    _ => DerefKind::Cast {
                        parent: self.value()?,
                    },
                };
                self.expect_punct('(')?;
                let mt = self.peek().clone();
                let m = self.ident()?;
                let mode = VarMode::from_name(&m)
                    .map_or_else(|| self.err_at(&mt, format!("unknown mode '{m}'")), Ok)?;
                let ty = self.ty()?;
                self.expect_punct(')')?;
                InstrKind::Deref(Deref {
                    dest,
                    kind,
                    ty,
                    mode,
                })
            }
            w if TexOp::from_name(w).is_some() => {
                let dest = single(self)?;
                let op = TexOp::from_name(w).unwrap_or(TexOp::Tex);
                let (b, n) = self.shape()?;
                dests[0] = (dest, b, n);
                let dt = self.peek().clone();
                let d = match &dt.tk {
                    Tk::Ident(s) => s.clone(),
                    Tk::Int(v) => format!("{v}"),
                    _ => String::new(),
                };
                self.next();
                // `1d`, `2d`, `3d` lex as an integer and an identifier.
                let d = if matches!(dt.tk, Tk::Int(_)) {
                    let rest = self.ident()?;
                    format!("{d}{rest}")
                } else {
                    d
                };
                let dim = SamplerDim::from_name(&d).map_or_else(
                    || self.err_at(&dt, format!("unknown sampler dim '{d}'")),
                    Ok,
                )?;
                let is_array = self.eat_ident("array");
                let is_shadow = self.eat_ident("shadow");
                let is_sparse = self.eat_ident("sparse");
                let bt = self.peek().clone();
                let bl = self.ident()?;
                let dest_base = base_from_letter(&bl)
                    .map_or_else(|| self.err_at(&bt, format!("unknown base type '{bl}'")), Ok)?;
                self.expect_punct('(')?;
                let mut srcs = SmallVec::new();
                if !self.eat_punct(')') {
                    loop {
                        let kt = self.peek().clone();
                        let k = self.ident()?;
                        let kind = TexSrc::from_name(&k).map_or_else(
                            || self.err_at(&kt, format!("unknown texture source '{k}'")),
                            Ok,
                        )?;
                        srcs.push((kind, self.value()?));
                        if !self.eat_punct(',') {
                            break;
                        }
                    }
                    self.expect_punct(')')?;
                }
                let mut component = 0;
                if !self.at_eol(line) && self.eat_ident("component") {
                    self.expect_punct('=')?;
                    component = self.int_in("component")?;
                }
                InstrKind::Tex(Tex {
                    op,
                    dest,
                    dim,
                    is_array,
                    is_shadow,
                    dest_base,
                    srcs,
                    component,
                    is_sparse,
                })
            }
            _ => {
                let exact = word == "exact";
                let (op_word, op_tok) = if exact {
                    let ot = self.peek().clone();
                    (self.ident()?, ot)
                } else {
                    (word.clone(), t.clone())
                };
                if let Some(op) = AluOp::from_name(&op_word) {
                    let dest = single(self)?;
                    let (b, n) = self.shape()?;
                    dests[0] = (dest, b, n);
                    let mut srcs = SmallVec::new();
                    if !self.at_eol(line) && matches!(self.peek().tk, Tk::Value(_)) {
                        loop {
                            let v = self.value()?;
                            let sw = if self.eat_punct('.') {
                                self.swizzle()?
                            } else {
                                [0, 1, 2, 3]
                            };
                            srcs.push(AluSrc::swizzled(v, sw));
                            if self.at_eol(line) || !self.eat_punct(',') {
                                break;
                            }
                        }
                    }
                    InstrKind::Alu(Alu {
                        op,
                        dest,
                        srcs,
                        exact,
                    })
                } else if let (false, Some(op)) = (exact, Intrinsic::from_name(&op_word)) {
                    let info = op.info();
                    let dest = if dests.is_empty() {
                        None
                    } else {
                        Some(single(self)?)
                    };
                    if dest.is_some() != info.has_dest {
                        return self.err_at(
                            &op_tok,
                            if info.has_dest {
                                format!("'{op_word}' has a result")
                            } else {
                                format!("'{op_word}' has no result")
                            },
                        );
                    }
                    let mut num_components = 0;
                    infer_nc = dest.is_none();
                    if let Some(d) = dest {
                        let (b, n) = self.shape()?;
                        dests[0] = (d, b, n);
                        num_components = n;
                    }
                    let srcs: SmallVec<[ValueId; 3]> = self.src_list(line)?.into_iter().collect();
                    let mut indices = SmallVec::new();
                    if !self.at_eol(line) && self.eat_punct('(') {
                        loop {
                            let kt = self.peek().clone();
                            let k = self.ident()?;
                            self.expect_punct('=')?;
                            if k == "num_components" {
                                num_components = self.int_in("num_components")?;
                                infer_nc = false;
                            } else {
                                let kind = IndexKind::from_name(&k).map_or_else(
                                    || self.err_at(&kt, format!("unknown index '{k}'")),
                                    Ok,
                                )?;
                                let v = self.index_value(kind)?;
                                if indices.iter().any(|(x, _)| *x == kind) {
                                    return self.err_at(&kt, format!("index '{k}' given twice"));
                                }
                                indices.push((kind, v));
                            }
                            if !self.eat_punct(',') {
                                break;
                            }
                        }
                        self.expect_punct(')')?;
                    }
                    InstrKind::Intrinsic(IntrinsicInstr {
                        op,
                        dest,
                        srcs,
                        num_components,
                        indices,
                    })
                } else {
                    return self.err_at(&op_tok, format!("unknown instruction '{op_word}'"));
                }
            }
        };
        if !self.at_eol(line) {
            return self.err("expected the end of the instruction's line");
        }
        Ok(PInstr {
            kind,
            dests,
            infer_nc,
            flags,
            line: start.line,
            col: start.col,
        })
    }

    /// Optional flags after a result: `[nonuniform, relaxed]` (issue 5).
    fn value_flags(
        &mut self,
        v: ValueId,
        out: &mut SmallVec<[(ValueId, ValueFlags); 1]>,
    ) -> PResult<()> {
        if !self.eat_punct('[') {
            return Ok(());
        }
        let mut fl = ValueFlags::default();
        loop {
            let t = self.peek().clone();
            let w = self.ident()?;
            if !fl.set_by_name(&w) {
                return self.err_at(
                    &t,
                    format!("unknown value flag '{w}' (expected 'nonuniform' or 'relaxed')"),
                );
            }
            if !self.eat_punct(',') {
                break;
            }
        }
        self.expect_punct(']')?;
        if !fl.is_empty() {
            out.push((v, fl));
        }
        Ok(())
    }

    fn index_value(&mut self, kind: IndexKind) -> PResult<i64> {
        let t = self.peek().clone();
        match (&t.tk, kind) {
            (Tk::Ident(s), IndexKind::WriteMask) => {
                let mut m = 0i64;
                for c in s.bytes() {
                    match SWIZZLE_CHARS.iter().position(|x| *x == c) {
                        Some(p) => m |= 1 << p,
                        None => return self.err_at(&t, format!("bad write mask '{s}'")),
                    }
                }
                self.next();
                Ok(m)
            }
            (Tk::Ident(s), IndexKind::Atomic) => match AtomicOp::ALL.iter().find(|a| a.name() == s)
            {
                Some(a) => {
                    self.next();
                    Ok(a.index())
                }
                None => self.err_at(&t, format!("unknown atomic op '{s}'")),
            },
            (Tk::Ident(s), IndexKind::ReductionOp) => match ReductionOp::from_name(s) {
                Some(r) => {
                    self.next();
                    Ok(r.index())
                }
                None => self.err_at(&t, format!("unknown reduction op '{s}'")),
            },
            // `spirv_instruction` (issue 5): quoted texts.
            (Tk::Str(s), k) if crate::spirv_instruction::is_spirv_index(k) => {
                match crate::spirv_instruction::index_from_text(k, s) {
                    Some(v) => {
                        self.next();
                        Ok(v)
                    }
                    None => self.err_at(&t, format!("bad `{}` value \"{s}\"", k.name())),
                }
            }
            // The vendor operations (issue 4): the operation by name.
            (Tk::Ident(s), IndexKind::VendorOp) => match crate::vendor::vendor_op_index(s) {
                Some(i) => {
                    self.next();
                    Ok(i)
                }
                None => self.err_at(&t, format!("unknown vendor operation '{s}'")),
            },
            _ => self.int_in("index"),
        }
    }

    // ---- building a function ----

    fn build_function(&mut self, pf: PFunc, nvars: usize, nfuncs: usize) -> PResult<Function> {
        let err = |line, col, message: String| ParseError { line, col, message };
        if pf.external {
            // Issue 4: a declaration: the signature only.
            let mut f = Function::declaration(pf.name);
            f.control = pf.control;
            f.params = pf.params;
            f.ret = pf.ret;
            f.locals = pf.locals;
            for v in f
                .params
                .iter()
                .map(|p| p.var)
                .chain(f.ret)
                .chain(f.locals.iter().copied())
            {
                if v.index() >= nvars {
                    return Err(err(
                        pf.line,
                        pf.col,
                        format!("variable {v} is not declared"),
                    ));
                }
            }
            return Ok(f);
        }
        // Block arena: every block number declared (and the end block).
        let mut max_block = pf.end.0;
        let mut declared: FxHashSet<BlockId> = FxHashSet::default();
        declared.insert(pf.end);
        fn scan(
            nodes: &[PNode],
            max: &mut u32,
            decl: &mut FxHashSet<BlockId>,
        ) -> Option<(BlockId, u32, u32)> {
            for n in nodes {
                match n {
                    PNode::Block { id, line, col, .. } => {
                        *max = (*max).max(id.0);
                        if !decl.insert(*id) {
                            return Some((*id, *line, *col));
                        }
                    }
                    PNode::If {
                        then_list,
                        else_list,
                        ..
                    } => {
                        if let Some(d) = scan(then_list, max, decl) {
                            return Some(d);
                        }
                        if let Some(d) = scan(else_list, max, decl) {
                            return Some(d);
                        }
                    }
                    PNode::Loop { body, .. } => {
                        if let Some(d) = scan(body, max, decl) {
                            return Some(d);
                        }
                    }
                }
            }
            None
        }
        if let Some((b, line, col)) = scan(&pf.body, &mut max_block, &mut declared) {
            return Err(err(line, col, format!("block {b} declared twice")));
        }
        let mut f = Function {
            name: pf.name,
            params: pf.params,
            ret: pf.ret,
            body: Vec::new(),
            end_block: pf.end,
            blocks: EntityVec::new(),
            instrs: EntityVec::new(),
            values: EntityVec::new(),
            ifs: EntityVec::new(),
            loops: EntityVec::new(),
            locals: pf.locals,
            value_flags: crate::func::ValueFlagsMap::new(),
            external: false,
            control: pf.control,
        };
        for _ in 0..=max_block {
            f.blocks.push(Block::default());
        }
        let mut b = FnBuild {
            defs: FxHashMap::default(),
            declared,
            pending: Vec::new(),
            infer: Vec::new(),
        };
        let body = b.list(&mut f, pf.body, ListRef::Body, false, (pf.line, pf.col))?;
        f.body = body;
        // Values: every defined number gets its slot; gaps get removed undefs.
        let max_value = b.defs.keys().map(|v| v.0).max();
        if let Some(max_value) = max_value {
            for i in 0..=max_value {
                let v = ValueId(i);
                let (def, bits, n) = match b.defs.get(&v) {
                    Some(&(instr, bits, n)) => (instr, bits, n),
                    None => {
                        let id = f.instrs.push(Instr {
                            block: f.end_block,
                            kind: InstrKind::Undef { dest: v },
                            removed: true,
                        });
                        (id, 32, 1)
                    }
                };
                f.values.push(ValueDef {
                    bit_size: bits,
                    num_components: n,
                    def,
                    uses: crate::uses::UseList::new(),
                });
            }
        }
        // Every read value, block, variable and function must exist.
        for (v, line, col) in b.pending {
            match v {
                Ref::Value(v) => {
                    if !b.defs.contains_key(&v) {
                        return Err(err(
                            line,
                            col,
                            format!("{v} is not defined in this function"),
                        ));
                    }
                }
                Ref::Block(bl) => {
                    if !b.declared.contains(&bl) {
                        return Err(err(line, col, format!("block {bl} is not declared")));
                    }
                }
                Ref::Var(x) => {
                    if x.index() >= nvars {
                        return Err(err(line, col, format!("variable {x} is not declared")));
                    }
                }
                Ref::Func(x) => {
                    if x.index() >= nfuncs {
                        return Err(err(line, col, format!("function {x} is not defined")));
                    }
                }
            }
        }
        for v in f
            .params
            .iter()
            .map(|p| p.var)
            .chain(f.ret)
            .chain(f.locals.iter().copied())
        {
            if v.index() >= nvars {
                return Err(err(
                    pf.line,
                    pf.col,
                    format!("variable {v} is not declared"),
                ));
            }
        }
        for &i in &b.infer {
            let n = match &f.instrs[i].kind {
                InstrKind::Intrinsic(x) => crate::print::implied_num_components(&f, x),
                _ => 0,
            };
            if let InstrKind::Intrinsic(x) = &mut f.instrs[i].kind {
                x.num_components = n;
            }
        }
        f.rebuild_uses_fast();
        f.rebuild_cfg();
        Ok(f)
    }
}

enum Ref {
    Value(ValueId),
    Block(BlockId),
    Var(VarId),
    Func(FuncId),
}

struct FnBuild {
    /// Value -> (defining instruction, bit size, components).
    defs: FxHashMap<ValueId, (InstrId, u8, u8)>,
    declared: FxHashSet<BlockId>,
    /// References checked once the whole function is read.
    pending: Vec<(Ref, u32, u32)>,
    /// Intrinsics whose `num_components` is implied by their sources.
    infer: Vec<InstrId>,
}

impl FnBuild {
    fn list(
        &mut self,
        f: &mut Function,
        nodes: Vec<PNode>,
        list: ListRef,
        in_loop: bool,
        at: (u32, u32),
    ) -> PResult<Vec<CfNode>> {
        let err = |(line, col): (u32, u32), message: String| ParseError { line, col, message };
        if !matches!(nodes.first(), Some(PNode::Block { .. })) {
            return Err(err(
                at,
                "a control-flow list must start with a block".into(),
            ));
        }
        if !matches!(nodes.last(), Some(PNode::Block { .. })) {
            return Err(err(at, "an if or loop must be followed by a block".into()));
        }
        let mut out = Vec::new();
        let mut prev_block = false;
        for n in nodes {
            match n {
                PNode::Block {
                    id,
                    instrs,
                    line,
                    col,
                } => {
                    if prev_block {
                        return Err(err(
                            (line, col),
                            format!("block {id} follows another block"),
                        ));
                    }
                    prev_block = true;
                    f.blocks[id].list = Some(list);
                    for pi in instrs {
                        self.instr(f, id, pi, in_loop)?;
                    }
                    out.push(CfNode::Block(id));
                }
                PNode::If {
                    cond,
                    then_list,
                    else_list,
                    line,
                    col,
                } => {
                    if !prev_block {
                        return Err(err((line, col), "an if must follow a block".into()));
                    }
                    prev_block = false;
                    self.pending.push((Ref::Value(cond), line, col));
                    let id = f.ifs.push(IfNode {
                        cond,
                        then_list: Vec::new(),
                        else_list: Vec::new(),
                        parent: list,
                    });
                    let t = self.list(f, then_list, ListRef::Then(id), in_loop, (line, col))?;
                    let e = self.list(f, else_list, ListRef::Else(id), in_loop, (line, col))?;
                    f.ifs[id].then_list = t;
                    f.ifs[id].else_list = e;
                    out.push(CfNode::If(id));
                }
                PNode::Loop { body, line, col } => {
                    if !prev_block {
                        return Err(err((line, col), "a loop must follow a block".into()));
                    }
                    prev_block = false;
                    let id = f.loops.push(LoopNode {
                        body: Vec::new(),
                        parent: list,
                    });
                    let b = self.list(f, body, ListRef::Loop(id), true, (line, col))?;
                    f.loops[id].body = b;
                    out.push(CfNode::Loop(id));
                }
            }
        }
        Ok(out)
    }

    fn instr(
        &mut self,
        f: &mut Function,
        block: BlockId,
        pi: PInstr,
        in_loop: bool,
    ) -> PResult<()> {
        let (line, col) = (pi.line, pi.col);
        if let InstrKind::Jump(k @ (JumpKind::Break | JumpKind::Continue)) = pi.kind {
            if !in_loop {
                return Err(ParseError {
                    line,
                    col,
                    message: format!("'{}' outside a loop", k.name()),
                });
            }
        }
        for v in pi.kind.srcs() {
            self.pending.push((Ref::Value(v), line, col));
        }
        match &pi.kind {
            InstrKind::Phi { srcs, .. } => {
                for (b, _) in srcs {
                    self.pending.push((Ref::Block(*b), line, col));
                }
            }
            InstrKind::Deref(Deref {
                kind: DerefKind::Var(v),
                ..
            }) => self.pending.push((Ref::Var(*v), line, col)),
            InstrKind::Call { func, .. } => self.pending.push((Ref::Func(*func), line, col)),
            _ => {}
        }
        let id = f.instrs.push(Instr {
            block,
            kind: pi.kind,
            removed: false,
        });
        if pi.infer_nc {
            self.infer.push(id);
        }
        for (v, bits, n) in pi.dests {
            if self.defs.insert(v, (id, bits, n)).is_some() {
                return Err(ParseError {
                    line,
                    col,
                    message: format!("{v} is defined twice"),
                });
            }
        }
        for (v, fl) in pi.flags {
            f.set_flags(v, fl);
        }
        f.blocks[block].instrs.push(id);
        Ok(())
    }
}

fn describe(t: &Tk) -> String {
    match t {
        Tk::Ident(s) => format!("'{s}'"),
        Tk::Int(v) => format!("integer {v}"),
        Tk::Str(s) => format!("string {s:?}"),
        Tk::Value(v) => format!("%{v}"),
        Tk::Var(v) => format!("@{v}"),
        Tk::Percent => "'%'".into(),
        Tk::Punct(c) => format!("'{c}'"),
        Tk::Arrow => "'->'".into(),
        Tk::Eof => "the end of the text".into(),
    }
}

fn base_from_letter(s: &str) -> Option<BaseType> {
    Some(match s {
        "f" => BaseType::Float,
        "i" => BaseType::Int,
        "u" => BaseType::Uint,
        "b" => BaseType::Bool,
        _ => return None,
    })
}

/// Scalar, vector, matrix, sampler, image and atomic counter types by name.
fn type_from_name(s: &str) -> Option<Type> {
    if s == "atomic_uint" {
        return Some(Type::AtomicCounter);
    }
    if let Some(rest) = s.strip_prefix("sampler_") {
        let (dim, mut rest) = dim_prefix(rest)?;
        let mut array = false;
        let mut shadow = false;
        let mut result = None;
        if let Some(r) = rest.strip_prefix("_array") {
            array = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix("_shadow") {
            shadow = true;
            rest = r;
        }
        if let Some(r) = rest.strip_prefix('_') {
            result = Some(base_from_letter(r)?);
            rest = "";
        }
        if !rest.is_empty() {
            return None;
        }
        return Some(Type::Sampler {
            dim,
            array,
            shadow,
            result,
        });
    }
    if let Some(rest) = s.strip_prefix("image_") {
        let (dim, mut rest) = dim_prefix(rest)?;
        let mut array = false;
        if let Some(r) = rest.strip_prefix("_array") {
            array = true;
            rest = r;
        }
        let result = base_from_letter(rest.strip_prefix('_')?)?;
        return Some(Type::Image { dim, array, result });
    }
    // Vectors: bool, boolxN, fBITS, fBITSxN; matrices fBITSmatCxR.
    let (base, bits, rest) = if let Some(r) = s.strip_prefix("bool") {
        (BaseType::Bool, 1u8, r)
    } else {
        let base = base_from_letter(s.get(..1)?)?;
        let r = &s[1..];
        let nd = r.bytes().take_while(|b| b.is_ascii_digit()).count();
        if nd == 0 {
            return None;
        }
        let bits: u8 = r[..nd].parse().ok()?;
        (base, bits, &r[nd..])
    };
    if rest.is_empty() {
        return Some(Type::Vector {
            base,
            bits,
            components: 1,
        });
    }
    if let Some(n) = rest.strip_prefix('x') {
        let components: u8 = n.parse().ok()?;
        if components < 2 {
            return None;
        }
        return Some(Type::Vector {
            base,
            bits,
            components,
        });
    }
    if let Some(m) = rest.strip_prefix("mat") {
        if base != BaseType::Float {
            return None;
        }
        let (c, r) = m.split_once('x')?;
        return Some(Type::Matrix {
            bits,
            columns: c.parse().ok()?,
            rows: r.parse().ok()?,
        });
    }
    None
}

fn dim_prefix(s: &str) -> Option<(SamplerDim, &str)> {
    // Longest names first (`subpass_ms` before `subpass`).
    const DIMS: &[SamplerDim] = &[
        SamplerDim::SubpassMs,
        SamplerDim::Subpass,
        SamplerDim::External,
        SamplerDim::D1,
        SamplerDim::D2,
        SamplerDim::D3,
        SamplerDim::Cube,
        SamplerDim::Rect,
        SamplerDim::Buffer,
        SamplerDim::Ms,
    ];
    for d in DIMS {
        if let Some(rest) = s.strip_prefix(d.name()) {
            if rest.is_empty() || rest.starts_with('_') {
                return Some((*d, rest));
            }
        }
    }
    None
}
