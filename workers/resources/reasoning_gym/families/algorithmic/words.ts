// A vocabulary of common English words (our own list) for the generators of the text families
// (caesar_cipher, letter_counting, letter_jumble), which the library draws from a novel's text.
export const WORDS: readonly string[] = `the of and to in is was he for it with as his on be at by had are but from or have an they which
one you were her all she there would their we him been has when who will more no if out so said what up its about
into than them can only other new some could time these two may then do first any my now such like our over man me
even most made after also did many before must through back years where much your way well down should because each
just those people how too little state good very make world still own see men work long get here between both life
being under never day same another know while last might us great old year off come since against go came right
used take three states himself few house use during without again place around however home small found thought
went say part once general high upon school every does got united left number course war until always away something
fact though water less public put think almost hand enough far took head yet government system better set told
nothing night end why called didn find look asked later knew point next program city business give group toward
young days let room president side social present given several order national possible rather second face per
among form important often things looked early white case john become large big need four within felt along children
saw best church ever least power development light thing family interest want members mind country area others done
turned although open god service certain kind problem began different door thus help sense means whole matter
perhaps itself york times human law line above name example action company hands local show whether five history
gave today either act feet across taken past quite anything seen having death week experience body word half really
field car words already themselves information tell together college shall money period held keep sure probably
free seems political real behind cannot miss question air office making brought whose special major heard problems
ago became federal moment study available known result street economic boy position reason change south board
individual job society areas west close turn love community true court force full seem am wife future age voice
center woman control common policy necessary following front sometimes six girl clear further land run students
provide feel party able mother music education university child effect level stood military town short morning
total outside rate figure class art century north washington leave therefore top evidence sound played million
plan black research hard various strong believe play type value surface mean soon lines modern near table peace
red road tax alone minutes personal process situation idea english gone nor increase ideas lay`.split(/\s+/);
